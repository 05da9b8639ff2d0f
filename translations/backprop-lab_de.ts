<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>QObject</name>
    <message>
        <source>MNIST</source>
        <translation>MNIST</translation>
    </message>
    <message>
        <source>MNIST sample (offline)</source>
        <translation>MNIST-Stichprobe (offline)</translation>
    </message>
    <message>
        <source>Fashion-MNIST</source>
        <translation>Fashion-MNIST</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>%1 kB</source>
        <translation>%1 kB</translation>
    </message>
    <message>
        <source>%1 MB</source>
        <translation>%1 MB</translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation>%1 GB</translation>
    </message>
    <message>
        <source>Untrained weights: press Start to train, the bars follow.</source>
        <translation>Untrainierte Gewichte: „Start“ beginnt das Training, die Balken folgen.</translation>
    </message>
    <message>
        <source>, updated while training</source>
        <translation>, laufend aktualisiert</translation>
    </message>
    <message>
        <source>Example: test image 0 (label %1). Draw to replace it.</source>
        <translation>Beispiel: Testbild 0 (Label %1). Zeichnen ersetzt es.</translation>
    </message>
    <message>
        <source>Example: test image 0. Draw to replace it.</source>
        <translation>Beispiel: Testbild 0. Zeichnen ersetzt es.</translation>
    </message>
    <message>
        <source>One GPU: nothing to all-reduce, no link carries gradients.</source>
        <translation>Eine GPU: nichts zu all-reducen, keine Verbindung trägt Gradienten.</translation>
    </message>
    <message>
        <source>NIC</source>
        <translation>NIC</translation>
    </message>
    <message>
        <source>NVLink</source>
        <translation>NVLink</translation>
    </message>
    <message>
        <source>At %1 per all-reduce the links are far from busy: latency dominates (%2% of the all-reduce&apos;s time; busbw %3 = %4% of the %5&apos;s %6). Raise the model-size multiplier to see line rate.</source>
        <translation>Bei %1 je All-Reduce sind die Verbindungen bei weitem nicht ausgelastet: die Latenz überwiegt (%2 % der Zeit des All-Reduce; busbw %3 = %4 % von %6 der %5). Erhöhen Sie den Faktor der Modellgröße, um die Leitungsrate zu sehen.</translation>
    </message>
    <message>
        <source>At %1 per all-reduce bandwidth dominates: latency is %2% of the all-reduce&apos;s time; busbw %3 = %4% of the %5&apos;s %6.</source>
        <translation>Bei %1 je All-Reduce überwiegt die Bandbreite: die Latenz ist %2 % der Zeit des All-Reduce; busbw %3 = %4 % von %6 der %5.</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 Bytes</translation>
    </message>
    <message>
        <source>PCIe</source>
        <translation>PCIe</translation>
    </message>
    <message>
        <source>PCIe copy</source>
        <translation>PCIe-Kopie</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>Rechnen</translation>
    </message>
    <message>
        <source>synchronisation</source>
        <translation>Synchronisation</translation>
    </message>
    <message>
        <source>snapshot</source>
        <translation>Schnappschuss</translation>
    </message>
    <message>
        <source>failure</source>
        <translation>Ausfall</translation>
    </message>
    <message>
        <source>Each replica computes the real gradient of its own images; the all-reduce averages them, and every replica applies that average.</source>
        <translation>Jede Replik berechnet den echten Gradienten ihrer eigenen Bilder; das All-Reduce mittelt sie, und jede Replik wendet dieses Mittel an.</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>%1 lässt sich nicht öffnen: %2</translation>
    </message>
    <message>
        <source>%1 is not a trace (%2).</source>
        <translation>%1 ist keine Aufzeichnung (%2).</translation>
    </message>
    <message>
        <source>%1 is a simulated run (backprop-lab-cli simulate --trace). Open the trace that backprop-lab-cli train --mpi --trace wrote.</source>
        <translation>%1 ist ein simulierter Lauf (backprop-lab-cli simulate --trace). Öffnen Sie die Aufzeichnung, die backprop-lab-cli train --mpi --trace geschrieben hat.</translation>
    </message>
    <message>
        <source>%1 holds no measured compute or all-reduce spans: open the trace that backprop-lab-cli train --mpi --trace wrote.</source>
        <translation>%1 enthält keine gemessenen Rechen- oder All-Reduce-Abschnitte: Öffnen Sie die Aufzeichnung, die backprop-lab-cli train --mpi --trace geschrieben hat.</translation>
    </message>
</context>
<context>
    <name>bplab</name>
    <message>
        <source>&amp;Language</source>
        <translation>Sp&amp;rache</translation>
    </message>
    <message>
        <source>Use this language from the next start of Backprop Lab</source>
        <translation>Diese Sprache ab dem nächsten Start von Backprop Lab verwenden</translation>
    </message>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <source>Takes effect at the next start</source>
        <translation>Wirkt ab dem nächsten Start</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>Eingabe</translation>
    </message>
    <message>
        <source>Weighted sums</source>
        <translation>Gewichtete Summen</translation>
    </message>
    <message>
        <source>Logits</source>
        <translation>Logits</translation>
    </message>
    <message>
        <source>SoftMax</source>
        <translation>SoftMax</translation>
    </message>
    <message>
        <source>Cross-entropy</source>
        <translation>Kreuzentropie</translation>
    </message>
    <message>
        <source>Output gradients</source>
        <translation>Ausgabegradienten</translation>
    </message>
    <message>
        <source>Hidden gradients</source>
        <translation>Verdeckte Gradienten</translation>
    </message>
    <message>
        <source>Weight adjustments</source>
        <translation>Gewichtsanpassungen</translation>
    </message>
    <message>
        <source>Update and re-check</source>
        <translation>Anwenden, prüfen</translation>
    </message>
    <message>
        <source>hidden neuron %1</source>
        <translation>verdecktes Neuron %1</translation>
    </message>
    <message>
        <source> (output)</source>
        <translation> (Ausgabe)</translation>
    </message>
    <message>
        <source> (hidden)</source>
        <translation> (verdeckt)</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>Gewicht</translation>
    </message>
    <message>
        <source>Sample: &lt;b&gt;%1&lt;/b&gt;, label &lt;b&gt;class %2 &amp;rarr; output neuron %3&lt;/b&gt; (the source numbers the output neurons 1-10).</source>
        <translation>Bild: &lt;b&gt;%1&lt;/b&gt;, Label &lt;b&gt;Klasse %2 &amp;rarr; Ausgabeneuron %3&lt;/b&gt; (die Quelle nummeriert die Ausgabeneuronen 1-10).</translation>
    </message>
    <message>
        <source>Scaling: x = (byte/255 &amp;minus; 0.1307) / 0.3081 (MNIST mean and standard deviation).</source>
        <translation>Skalierung: x = (Byte/255 &amp;minus; 0,1307) / 0,3081 (Mittelwert und Standardabweichung von MNIST).</translation>
    </message>
    <message>
        <source>Scaling: x = byte / 255, so 0 (black) &amp;rarr; 0 and 255 (white) &amp;rarr; 1.</source>
        <translation>Skalierung: x = Byte / 255, also 0 (schwarz) &amp;rarr; 0 und 255 (weiß) &amp;rarr; 1.</translation>
    </message>
    <message>
        <source>Example, input %1 = pixel (row %2, column %3): byte %4 &amp;rarr; %5 = %6.</source>
        <translation>Beispiel, Eingabe %1 = Pixel (Zeile %2, Spalte %3): Byte %4 &amp;rarr; %5 = %6.</translation>
    </message>
    <message>
        <source>%1 of the 784 inputs are not 0; hover the images for every value.</source>
        <translation>%1 der 784 Eingaben sind nicht 0; mit der Maus über den Bildern erscheint jeder Wert.</translation>
    </message>
    <message>
        <source>neuron</source>
        <translation>Neuron</translation>
    </message>
    <message>
        <source>class</source>
        <translation>Klasse</translation>
    </message>
    <message>
        <source>target y</source>
        <translation>Ziel y</translation>
    </message>
    <message>
        <source>One-hot target y: a single 1 at output neuron %1.</source>
        <translation>One-hot-Ziel y: eine einzige 1 bei Ausgabeneuron %1.</translation>
    </message>
    <message>
        <source>the image, bytes 0-255</source>
        <translation>das Bild, Bytes 0-255</translation>
    </message>
    <message>
        <source>byte</source>
        <translation>Byte</translation>
    </message>
    <message>
        <source>x as fed to the network</source>
        <translation>x, wie es ins Netz geht</translation>
    </message>
    <message>
        <source>input i</source>
        <translation>Eingabe i</translation>
    </message>
    <message>
        <source>pixel</source>
        <translation>Pixel</translation>
    </message>
    <message>
        <source>term</source>
        <translation>Term</translation>
    </message>
    <message>
        <source>+ the other %1 terms (%2 of them are 0 because x = 0): %3</source>
        <translation>+ die übrigen %1 Terme (%2 davon sind 0, weil x = 0): %3</translation>
    </message>
    <message>
        <source>neuron k</source>
        <translation>Neuron k</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 = e&lt;sup&gt;%2&lt;/sup&gt; / &amp;Sigma;&lt;sub&gt;k&lt;/sub&gt; e&lt;sup&gt;%2&lt;/sup&gt;&lt;/b&gt;: positive, and they sum to 1.</source>
        <translation>&lt;b&gt;%1 = e&lt;sup&gt;%2&lt;/sup&gt; / &amp;Sigma;&lt;sub&gt;k&lt;/sub&gt; e&lt;sup&gt;%2&lt;/sup&gt;&lt;/b&gt;: positiv, und ihre Summe ist 1.</translation>
    </message>
    <message>
        <source>predicted</source>
        <translation>erkannt</translation>
    </message>
    <message>
        <source>&amp;Sigma;&lt;sub&gt;k&lt;/sub&gt; e&lt;sup&gt;%1&lt;/sup&gt; = &lt;b&gt;%2&lt;/b&gt;; e.g. %3 = %4 / %2 = %5</source>
        <translation>&amp;Sigma;&lt;sub&gt;k&lt;/sub&gt; e&lt;sup&gt;%1&lt;/sup&gt; = &lt;b&gt;%2&lt;/b&gt;; z. B. %3 = %4 / %2 = %5</translation>
    </message>
    <message>
        <source>Some e&lt;sup&gt;z&lt;/sup&gt; overflow single precision; the probabilities are still exact (computed with the largest z subtracted first, which leaves every p unchanged).</source>
        <translation>Manche e&lt;sup&gt;z&lt;/sup&gt; überlaufen die einfache Genauigkeit; die Wahrscheinlichkeiten sind trotzdem genau (berechnet, nachdem zuerst das größte z abgezogen wurde, was kein p ändert).</translation>
    </message>
    <message>
        <source>Predicted: &lt;b&gt;class %1&lt;/b&gt; (neuron %2, the largest p = %3); the label is class %4: &lt;b&gt;%5&lt;/b&gt;.</source>
        <translation>Vorhergesagt: &lt;b&gt;Klasse %1&lt;/b&gt; (Neuron %2, das größte p = %3); das Label ist Klasse %4: &lt;b&gt;%5&lt;/b&gt;.</translation>
    </message>
    <message>
        <source>right</source>
        <translation>richtig</translation>
    </message>
    <message>
        <source>wrong</source>
        <translation>falsch</translation>
    </message>
    <message>
        <source>The loss is the cross-entropy of the probability given to the true class:&lt;br&gt;&lt;b&gt;L = &amp;minus;ln %1&lt;/b&gt; (neuron %2, class %3)</source>
        <translation>Der Verlust ist die Kreuzentropie der Wahrscheinlichkeit der wahren Klasse:&lt;br&gt;&lt;b&gt;L = &amp;minus;ln %1&lt;/b&gt; (Neuron %2, Klasse %3)</translation>
    </message>
    <message>
        <source>L = &amp;minus;ln %1 = &lt;b&gt;%2&lt;/b&gt;</source>
        <translation>L = &amp;minus;ln %1 = &lt;b&gt;%2&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Base 10: &amp;minus;log&lt;sub&gt;10&lt;/sub&gt; %1 = &lt;b&gt;%2&lt;/b&gt;</source>
        <translation>Basis 10: &amp;minus;log&lt;sub&gt;10&lt;/sub&gt; %1 = &lt;b&gt;%2&lt;/b&gt;</translation>
    </message>
    <message>
        <source>The source quotes a base-10 figure; training uses the natural log: the two differ by the factor ln 10 = 2.303.</source>
        <translation>Die Quelle nennt einen Wert zur Basis 10; das Training nutzt den natürlichen Logarithmus: beide unterscheiden sich um den Faktor ln 10 = 2,303.</translation>
    </message>
    <message>
        <source>p = 1 would give L = 0; the smaller the target&apos;s probability, the larger the loss.</source>
        <translation>p = 1 ergäbe L = 0; je kleiner die Wahrscheinlichkeit des Ziels, desto größer der Verlust.</translation>
    </message>
    <message>
        <source>No sample or model yet: load a data set, then choose an image above.</source>
        <translation>Noch kein Bild oder Modell: laden Sie einen Datensatz und wählen Sie dann oben ein Bild.</translation>
    </message>
    <message>
        <source>%1. %2 (batch of %3)</source>
        <translation>%1. %2 (Batch aus %3)</translation>
    </message>
    <message>
        <source>The backward pass starts at the outputs: &lt;b&gt;%1 = %2 &amp;minus; %3&lt;/b&gt; (probability minus target).</source>
        <translation>Der Rückwärtsdurchlauf beginnt bei den Ausgaben: &lt;b&gt;%1 = %2 &amp;minus; %3&lt;/b&gt; (Wahrscheinlichkeit minus Ziel).</translation>
    </message>
    <message>
        <source>Only the target neuron (%1) gets a negative &amp;delta;: its probability should rise, the others&apos; fall. The loss value itself is not needed here.</source>
        <translation>Nur das Zielneuron (%1) bekommt ein negatives &amp;delta;: seine Wahrscheinlichkeit soll steigen, die der anderen fallen. Der Verlustwert selbst wird hier nicht gebraucht.</translation>
    </message>
    <message>
        <source>Hidden neuron &lt;b&gt;%1&lt;/b&gt;:</source>
        <translation>Verdecktes Neuron &lt;b&gt;%1&lt;/b&gt;:</translation>
    </message>
    <message>
        <source>This neuron output 0 in the forward pass, so its gradient is 0 whatever the sum.</source>
        <translation>Dieses Neuron gab im Vorwärtsdurchlauf 0 aus, daher ist sein Gradient 0, was auch immer die Summe ist.</translation>
    </message>
    <message>
        <source>from hidden neuron %1: %2 = &amp;minus;%3 &amp;middot; %4 &amp;middot; %5 = &lt;b&gt;%6&lt;/b&gt;</source>
        <translation>von verdecktem Neuron %1: %2 = &amp;minus;%3 &amp;middot; %4 &amp;middot; %5 = &lt;b&gt;%6&lt;/b&gt;</translation>
    </message>
    <message>
        <source>bias: %1 = &amp;minus;%2 &amp;middot; %3 &amp;middot; 1 = &lt;b&gt;%4&lt;/b&gt;</source>
        <translation>Bias: %1 = &amp;minus;%2 &amp;middot; %3 &amp;middot; 1 = &lt;b&gt;%4&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Hidden neuron %1&lt;/b&gt;, %2 = %3, over its 784 inputs %4; the largest, input %5 (pixel %6, %7):</source>
        <translation>&lt;b&gt;Verdecktes Neuron %1&lt;/b&gt;, %2 = %3, über seine 784 Eingaben %4; die größte, Eingabe %5 (Pixel %6, %7):</translation>
    </message>
    <message>
        <source>%1 = &amp;minus;%2 &amp;middot; %3 &amp;middot; %4 = &lt;b&gt;%5&lt;/b&gt;</source>
        <translation>%1 = &amp;minus;%2 &amp;middot; %3 &amp;middot; %4 = &lt;b&gt;%5&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&amp;delta; = 0 (ReLU&apos; = 0): none of this neuron&apos;s 784 weights changes.</source>
        <translation>&amp;delta; = 0 (ReLU&apos; = 0): keines der 784 Gewichte dieses Neurons ändert sich.</translation>
    </message>
    <message>
        <source>Then the forward pass again on the same image with the new weights: loss L = &amp;minus;ln %1 before &lt;b&gt;%2&lt;/b&gt;, after &lt;b&gt;%3&lt;/b&gt; (%4); predicted class %5 &amp;rarr; %6.</source>
        <translation>Dann noch einmal der Vorwärtsdurchlauf mit demselben Bild und den neuen Gewichten: Verlust L = &amp;minus;ln %1 vorher &lt;b&gt;%2&lt;/b&gt;, nachher &lt;b&gt;%3&lt;/b&gt; (%4); vorhergesagte Klasse %5 &amp;rarr; %6.</translation>
    </message>
    <message>
        <source>lower</source>
        <translation>niedriger</translation>
    </message>
    <message>
        <source>not lower</source>
        <translation>nicht niedriger</translation>
    </message>
    <message>
        <source>p before</source>
        <translation>p vorher</translation>
    </message>
    <message>
        <source>p after</source>
        <translation>p nachher</translation>
    </message>
    <message>
        <source>w new</source>
        <translation>w neu</translation>
    </message>
    <message>
        <source>hidden neuron %1&apos;s 784 weights after the step</source>
        <translation>die 784 Gewichte von verdecktem Neuron %1 nach dem Schritt</translation>
    </message>
    <message>
        <source> + (the other %1 terms: %2)</source>
        <translation> + (die übrigen %1 Terme: %2)</translation>
    </message>
    <message>
        <source>Mini-batch of &lt;b&gt;B = %1&lt;/b&gt; images (%2); sample &lt;b&gt;%3&lt;/b&gt; (click a column or a cell to choose another) is spelled out.</source>
        <translation>Mini-Batch aus &lt;b&gt;B = %1&lt;/b&gt; Bildern (%2); Bild &lt;b&gt;%3&lt;/b&gt; (ein Klick auf eine Spalte oder Zelle wählt ein anderes) wird ausgeschrieben.</translation>
    </message>
    <message>
        <source>The batch is one matrix &lt;b&gt;X = [%1 &amp;hellip; %2]&lt;/b&gt;, 784 &amp;times; %3: image s, flattened and scaled as in the one-image view, is column s. The targets are Y = [%4 &amp;hellip; %5], 10 &amp;times; %3 one-hot.</source>
        <translation>Der Batch ist eine Matrix &lt;b&gt;X = [%1 &amp;hellip; %2]&lt;/b&gt;, 784 &amp;times; %3: Bild s, flach gelegt und skaliert wie in der Ansicht eines Bildes, ist Spalte s. Die Ziele sind Y = [%4 &amp;hellip; %5], 10 &amp;times; %3 one-hot.</translation>
    </message>
    <message>
        <source>label</source>
        <translation>Label</translation>
    </message>
    <message>
        <source>Sample %1: class %2 &amp;rarr; a 1 in row %3 of its column of Y.</source>
        <translation>Bild %1: Klasse %2 &amp;rarr; eine 1 in Zeile %3 seiner Spalte von Y.</translation>
    </message>
    <message>
        <source>the %1 images, 8 to a row (bytes 0-255)</source>
        <translation>die %1 Bilder, 8 je Zeile (Bytes 0-255)</translation>
    </message>
    <message>
        <source>Y: 10 rows, one column per sample</source>
        <translation>Y: 10 Zeilen, eine Spalte je Bild</translation>
    </message>
    <message>
        <source>P: 10 rows x %1 columns (each column sums to 1)</source>
        <translation>P: 10 Zeilen x %1 Spalten (jede Spalte hat die Summe 1)</translation>
    </message>
    <message>
        <source>the %1 losses, 16 to a row</source>
        <translation>die %1 Verluste, 16 je Zeile</translation>
    </message>
    <message>
        <source>P - Y: 10 rows x %1 columns</source>
        <translation>P - Y: 10 Zeilen x %1 Spalten</translation>
    </message>
    <message>
        <source>dw = %1 / %2 = &lt;b&gt;%3&lt;/b&gt;; &amp;Delta;w = &amp;minus;%4 &amp;middot; %5 = &lt;b&gt;%6&lt;/b&gt;</source>
        <translation>dw = %1 / %2 = &lt;b&gt;%3&lt;/b&gt;; &amp;Delta;w = &amp;minus;%4 &amp;middot; %5 = &lt;b&gt;%6&lt;/b&gt;</translation>
    </message>
    <message>
        <source>loss change</source>
        <translation>Verluständerung</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG-Bild (*.png)</translation>
    </message>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation>PDF-Dokument (*.pdf)</translation>
    </message>
    <message>
        <source>CSV table (*.csv)</source>
        <translation>CSV-Tabelle (*.csv)</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Could not write %1: %2. Check that the folder exists and that you may write to it, then export again.</source>
        <translation>%1 konnte nicht geschrieben werden: %2. Prüfen Sie, ob der Ordner existiert und Sie darin schreiben dürfen, und exportieren Sie erneut.</translation>
    </message>
    <message>
        <source>%1: %2 can be written as %3.</source>
        <translation>%1: %2 lässt sich als %3 schreiben.</translation>
    </message>
    <message>
        <source>Nothing to export yet: %1 has no values.</source>
        <translation>Noch nichts zu exportieren: %1 hat keine Werte.</translation>
    </message>
    <message>
        <source>the picture could not be drawn</source>
        <translation>das Bild konnte nicht gezeichnet werden</translation>
    </message>
    <message>
        <source>it could not replace the file there</source>
        <translation>die vorhandene Datei konnte nicht ersetzt werden</translation>
    </message>
    <message>
        <source>Export %1</source>
        <translation>%1 exportieren</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <source>Export as %1…</source>
        <translation>Als %1 exportieren…</translation>
    </message>
    <message>
        <source>Export the values as %1…</source>
        <translation>Die Werte als %1 exportieren…</translation>
    </message>
    <message>
        <source>Load a data set and train: the test set&apos;s confusion matrix appears here.</source>
        <translation>Laden Sie einen Datensatz und trainieren Sie: Hier erscheint die Konfusionsmatrix des Testsatzes.</translation>
    </message>
    <message>
        <source>No test set loaded: load a data set to see what the network gets wrong.</source>
        <translation>Kein Testsatz geladen: Laden Sie einen Datensatz, um zu sehen, was das Netz falsch macht.</translation>
    </message>
    <message>
        <source>SVG drawing (*.svg)</source>
        <translation>SVG-Zeichnung (*.svg)</translation>
    </message>
    <message>
        <source>This lesson cannot be opened: %1</source>
        <translation>Diese Lektion lässt sich nicht öffnen: %1</translation>
    </message>
    <message>
        <source>Not taken: %1</source>
        <translation>Nicht angenommen: %1</translation>
    </message>
    <message>
        <source>The last answer, %1, is right.</source>
        <translation>Die letzte Antwort, %1, ist richtig.</translation>
    </message>
    <message>
        <source>The last answer, %1, is not.</source>
        <translation>Die letzte Antwort, %1, ist falsch.</translation>
    </message>
    <message>
        <source>type a class, 0-9, and Enter</source>
        <translation>eine Klasse 0-9 eingeben, dann Enter</translation>
    </message>
    <message>
        <source>type yes or no, and Enter</source>
        <translation>ja oder nein eingeben, dann Enter</translation>
    </message>
    <message>
        <source>type +, - or 0, and Enter</source>
        <translation>+, - oder 0 eingeben, dann Enter</translation>
    </message>
    <message>
        <source>type a number, and Enter</source>
        <translation>eine Zahl eingeben, dann Enter</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>positive</source>
        <translation>positiv</translation>
    </message>
    <message>
        <source>negative</source>
        <translation>negativ</translation>
    </message>
    <message>
        <source>zero</source>
        <translation>null</translation>
    </message>
    <message>
        <source>Epoch %1: test accuracy %2 %, test loss %3</source>
        <translation>Epoche %1: Testgenauigkeit %2 %, Testverlust %3</translation>
    </message>
    <message>
        <source>Training finished after epoch %1: test accuracy %2 %</source>
        <translation>Training nach Epoche %1 beendet: Testgenauigkeit %2 %</translation>
    </message>
    <message>
        <source>Training finished</source>
        <translation>Training beendet</translation>
    </message>
    <message>
        <source>Training paused: %1 was not finite at epoch %2, batch %3, learning rate %4. Try %5.</source>
        <translation>Training angehalten: %1 war nicht endlich in Epoche %2, Batch %3, Lernrate %4. Versuchen Sie %5.</translation>
    </message>
    <message>
        <source>Stage %1</source>
        <translation>Stufe %1</translation>
    </message>
    <message>
        <source>Te&amp;st set:</source>
        <translation>Testb&amp;ilder:</translation>
    </message>
    <message>
        <source>Test set</source>
        <translation>Testsatz</translation>
    </message>
    <message>
        <source>The images the network is tested on here: the data&apos;s own test set, or another data folder&apos;s (a class&apos;s handwriting imported as a test set), with the same weights.</source>
        <translation>Die Bilder, auf denen das Netz hier getestet wird: der Testsatz der Daten oder der eines anderen Datenordners (die Handschrift einer Klasse, als Testsatz importiert), mit denselben Gewichten.</translation>
    </message>
    <message>
        <source>%1 holds no test set</source>
        <translation>%1 enthält keinen Testsatz</translation>
    </message>
    <message>
        <source>This test set cannot be used: %1</source>
        <translation>Dieser Testsatz kann nicht verwendet werden: %1</translation>
    </message>
    <message>
        <source>%1 test set (%2)</source>
        <translation>Testsatz %1 (%2)</translation>
    </message>
    <message>
        <source>the data&apos;s test set</source>
        <translation>der Testsatz der Daten</translation>
    </message>
    <message>
        <source>Open a test set...</source>
        <translation>Testsatz öffnen...</translation>
    </message>
    <message>
        <source>Open a data folder with a test set</source>
        <translation>Einen Datenordner mit Testsatz öffnen</translation>
    </message>
    <message>
        <source>Digits drawn here</source>
        <translation>Hier gezeichnete Ziffern</translation>
    </message>
    <message>
        <source>, momentum %1</source>
        <translation>, Momentum %1</translation>
    </message>
    <message>
        <source>, 1 epoch</source>
        <translation>, 1 Epoche</translation>
    </message>
    <message>
        <source>, weight decay %1</source>
        <translation>, Weight Decay %1</translation>
    </message>
    <message>
        <source>weight decay %1</source>
        <translation>Weight Decay %1</translation>
    </message>
    <message>
        <source>no weight decay</source>
        <translation>kein Weight Decay</translation>
    </message>
    <message>
        <source>test shifted %1 px</source>
        <translation>Test um %1 px verschoben</translation>
    </message>
    <message>
        <source>test unshifted</source>
        <translation>Test unverschoben</translation>
    </message>
    <message>
        <source>, tested on digits shifted %1 px</source>
        <translation>, getestet an um %1 px verschobenen Ziffern</translation>
    </message>
    <message>
        <source>, %1 epochs</source>
        <translation>, %1 Epochen</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>wartet</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>fertig</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>angehalten</translation>
    </message>
    <message>
        <source>diverged</source>
        <translation>divergiert</translation>
    </message>
    <message>
        <source>epoch %1 of %2 (%3 % done)</source>
        <translation>Epoche %1 von %2 (%3 % erledigt)</translation>
    </message>
    <message>
        <source>%1 finished: test accuracy %2</source>
        <translation>%1 fertig: Testgenauigkeit %2</translation>
    </message>
    <message>
        <source>%1 diverged</source>
        <translation>%1 divergiert</translation>
    </message>
    <message>
        <source>type a run&apos;s number, 1-4, and Enter</source>
        <translation>Nummer eines Laufs eingeben, 1-4, dann Enter</translation>
    </message>
    <message>
        <source>, from batch %L1</source>
        <translation>, ab Batch %L1</translation>
    </message>
    <message>
        <source>, Adam</source>
        <translation>, Adam</translation>
    </message>
    <message>
        <source>%1, model file</source>
        <translation>%1, Modelldatei</translation>
    </message>
    <message>
        <source>%1 evaluated: test accuracy %2</source>
        <translation>%1 ausgewertet: Testgenauigkeit %2</translation>
    </message>
    <message>
        <source>lr %1</source>
        <translation>LR %1</translation>
    </message>
    <message>
        <source>Adam</source>
        <translation>Adam</translation>
    </message>
    <message>
        <source>momentum %1</source>
        <translation>Momentum %1</translation>
    </message>
    <message>
        <source>plain SGD</source>
        <translation>einfaches SGD</translation>
    </message>
    <message>
        <source>1 epoch</source>
        <translation>1 Epoche</translation>
    </message>
    <message>
        <source>%1 epochs</source>
        <translation>%1 Epochen</translation>
    </message>
    <message>
        <source>from batch %L1</source>
        <translation>ab Batch %L1</translation>
    </message>
    <message>
        <source>run %1</source>
        <translation>Lauf %1</translation>
    </message>
    <message>
        <source> (run %1)</source>
        <translation> (Lauf %1)</translation>
    </message>
    <message>
        <source>, lr %1</source>
        <translation>, LR %1</translation>
    </message>
    <message>
        <source>The network whose answers are shown: the training&apos;s weights (those every view shows), or the latest weights of a run of the Compare view.</source>
        <translation>Das Netz, dessen Antworten gezeigt werden: die Gewichte des Trainings (die jede Ansicht zeigt) oder die neuesten Gewichte eines Laufs der Ansicht Vergleichen.</translation>
    </message>
    <message>
        <source>%1: the latest weights of this Compare run</source>
        <translation>%1: die neuesten Gewichte dieses Laufs aus Vergleichen</translation>
    </message>
    <message>
        <source>Run %1 of the Compare view has not finished an epoch yet: its mistakes appear here when it has.</source>
        <translation>Lauf %1 der Ansicht Vergleichen hat noch keine Epoche beendet: Seine Fehler erscheinen hier, sobald er eine beendet hat.</translation>
    </message>
    <message>
        <source>Sample: &lt;b&gt;%1&lt;/b&gt;, label &lt;b&gt;class %2 &amp;rarr; output neuron %3&lt;/b&gt;.</source>
        <translation>Bild: &lt;b&gt;%1&lt;/b&gt;, Label &lt;b&gt;Klasse %2 &amp;rarr; Ausgabeneuron %3&lt;/b&gt;.</translation>
    </message>
    <message>
        <source>Network: &lt;b&gt;%1&lt;/b&gt;. The 28&amp;times;28 image is read row by row into 784 inputs %2 &amp;hellip; %3.</source>
        <translation>Netz: &lt;b&gt;%1&lt;/b&gt;. Das 28&amp;times;28-Bild wird Zeile für Zeile in 784 Eingaben %2 &amp;hellip; %3 gelesen.</translation>
    </message>
    <message>
        <source>Initialisation this network trains from: %1.</source>
        <translation>Initialisierung, von der dieses Netz aus trainiert: %1.</translation>
    </message>
    <message>
        <source>Each neuron of hidden layer %1 (%2 neurons) sums its %3 weighted inputs and adds its bias:&lt;br&gt;%4</source>
        <translation>Jedes Neuron der verdeckten Schicht %1 (%2 Neuronen) summiert seine %3 gewichteten Eingaben und addiert seinen Bias:&lt;br&gt;%4</translation>
    </message>
    <message>
        <source>+ the other %1 terms: %2</source>
        <translation>+ die übrigen %1 Terme: %2</translation>
    </message>
    <message>
        <source>= &amp;Sigma; of all %1 terms %2, + bias %3 = %4 &amp;rArr; &lt;b&gt;%5 = %6&lt;/b&gt;</source>
        <translation>= &amp;Sigma; aller %1 Terme %2, + Bias %3 = %4 &amp;rArr; &lt;b&gt;%5 = %6&lt;/b&gt;</translation>
    </message>
    <message>
        <source>output neuron %1</source>
        <translation>Ausgabeneuron %1</translation>
    </message>
    <message>
        <source>the 10 logits z</source>
        <translation>die 10 Logits z</translation>
    </message>
    <message>
        <source>neuron %1</source>
        <translation>Neuron %1</translation>
    </message>
    <message>
        <source>z of the %1 neurons of layer %2</source>
        <translation>z der %1 Neuronen von Schicht %2</translation>
    </message>
    <message>
        <source>the 784 weights of neuron %1 (blue &lt; 0 &lt; red)</source>
        <translation>die 784 Gewichte von Neuron %1 (blau &lt; 0 &lt; rot)</translation>
    </message>
    <message>
        <source>from neuron %1</source>
        <translation>von Neuron %1</translation>
    </message>
    <message>
        <source>the %1 weights of neuron %2 from layer %3</source>
        <translation>die %1 Gewichte von Neuron %2 aus Schicht %3</translation>
    </message>
    <message>
        <source>Every neuron of layer %1 applies the %2: &lt;b&gt;%3&lt;/b&gt;</source>
        <translation>Jedes Neuron von Schicht %1 wendet %2 an: &lt;b&gt;%3&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Neuron %1: %2 = %3(%4) = &lt;b&gt;%5&lt;/b&gt;</source>
        <translation>Neuron %1: %2 = %3(%4) = &lt;b&gt;%5&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Its slope, which the backward pass multiplies by: %1; here f&apos;(%2) = &lt;b&gt;%3&lt;/b&gt;.</source>
        <translation>Ihre Steigung, mit der der Rückwärtsdurchlauf multipliziert: %1; hier f&apos;(%2) = &lt;b&gt;%3&lt;/b&gt;.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 of %2&lt;/b&gt; neurons have z &amp;le; 0 and output 0 (crossed out); no gradient flows back through them.</source>
        <translation>&lt;b&gt;%1 von %2&lt;/b&gt; Neuronen haben z &amp;le; 0 und geben 0 aus (durchgestrichen); durch sie fließt kein Gradient zurück.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 of %2&lt;/b&gt; neurons have z &amp;le; 0 (crossed out); a gradient 0.01 times as large flows back through them.</source>
        <translation>&lt;b&gt;%1 von %2&lt;/b&gt; Neuronen haben z &amp;le; 0 (durchgestrichen); durch sie fließt ein 0,01-mal so großer Gradient zurück.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 of %2&lt;/b&gt; neurons are saturated, f&apos;(z) &amp;lt; 0.05 (crossed out): the gradient that flows back through them shrinks at least twentyfold.</source>
        <translation>&lt;b&gt;%1 von %2&lt;/b&gt; Neuronen sind gesättigt, f&apos;(z) &amp;lt; 0,05 (durchgestrichen): der Gradient, der durch sie zurückfließt, schrumpft mindestens auf ein Zwanzigstel.</translation>
    </message>
    <message>
        <source>The sigmoid&apos;s slope is at most 0.25 (at z = 0): every layer it passes shrinks the gradient at least fourfold.</source>
        <translation>Die Steigung des Sigmoids ist höchstens 0,25 (bei z = 0): jede Schicht, die er durchläuft, schrumpft den Gradienten mindestens auf ein Viertel.</translation>
    </message>
    <message>
        <source>The slope of tanh is at most 1 (at z = 0) and falls fast as |z| grows.</source>
        <translation>Die Steigung von tanh ist höchstens 1 (bei z = 0) und fällt schnell, wenn |z| wächst.</translation>
    </message>
    <message>
        <source>delta of the 10 outputs</source>
        <translation>Delta der 10 Ausgaben</translation>
    </message>
    <message>
        <source>The error flows back through the weights of layer %1, times the slope of the %2:&lt;br&gt;&lt;b&gt;%3 = (&amp;Sigma;&lt;sub&gt;k&lt;/sub&gt; %4 %5) &amp;middot; f&apos;(%6)&lt;/b&gt;, with %7</source>
        <translation>Der Fehler fließt durch die Gewichte von Schicht %1 zurück, mal die Steigung von %2:&lt;br&gt;&lt;b&gt;%3 = (&amp;Sigma;&lt;sub&gt;k&lt;/sub&gt; %4 %5) &amp;middot; f&apos;(%6)&lt;/b&gt;, mit %7</translation>
    </message>
    <message>
        <source>Neuron %1: &amp;Sigma;&lt;sub&gt;k&lt;/sub&gt; %2 %3 over the %4 neurons of layer %5 = %6; f&apos;(%7) = %8 &amp;rArr; &lt;b&gt;%9 = %10&lt;/b&gt;</source>
        <translation>Neuron %1: &amp;Sigma;&lt;sub&gt;k&lt;/sub&gt; %2 %3 über die %4 Neuronen von Schicht %5 = %6; f&apos;(%7) = %8 &amp;rArr; &lt;b&gt;%9 = %10&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Mean |&amp;delta;| in layer %1: &lt;b&gt;%2&lt;/b&gt;; in layer %3: %4.</source>
        <translation>Mittleres |&amp;delta;| in Schicht %1: &lt;b&gt;%2&lt;/b&gt;; in Schicht %3: %4.</translation>
    </message>
    <message>
        <source>The gradient is %1 times smaller here than one layer later: the slopes f&apos;(z) it was multiplied by made it fade. The weights of layer %2 learn that much more slowly.</source>
        <translation>Der Gradient ist hier %1-mal kleiner als eine Schicht später: die Steigungen f&apos;(z), mit denen er multipliziert wurde, ließen ihn verblassen. Die Gewichte von Schicht %2 lernen entsprechend langsamer.</translation>
    </message>
    <message>
        <source>delta of the %1 neurons of layer %2</source>
        <translation>Delta der %1 Neuronen von Schicht %2</translation>
    </message>
    <message>
        <source>Every weight moves against its gradient: &lt;b&gt;&amp;Delta;%1 = &amp;minus;&amp;eta; &amp;middot; %2 &amp;middot; %3&lt;/b&gt;, &amp;Delta;%4 = &amp;minus;&amp;eta; &amp;middot; %2, at &amp;eta; = %5.</source>
        <translation>Jedes Gewicht bewegt sich gegen seinen Gradienten: &lt;b&gt;&amp;Delta;%1 = &amp;minus;&amp;eta; &amp;middot; %2 &amp;middot; %3&lt;/b&gt;, &amp;Delta;%4 = &amp;minus;&amp;eta; &amp;middot; %2, bei &amp;eta; = %5.</translation>
    </message>
    <message>
        <source>layer</source>
        <translation>Schicht</translation>
    </message>
    <message>
        <source>W</source>
        <translation>W</translation>
    </message>
    <message>
        <source>weights</source>
        <translation>Gewichte</translation>
    </message>
    <message>
        <source>mean |&amp;Delta;w|</source>
        <translation>mittleres |&amp;Delta;w|</translation>
    </message>
    <message>
        <source>largest |&amp;Delta;w|</source>
        <translation>größtes |&amp;Delta;w|</translation>
    </message>
    <message>
        <source>Compare the layers: with the sigmoid or tanh the first layer&apos;s adjustments are often far smaller than the last one&apos;s.</source>
        <translation>Vergleichen Sie die Schichten: mit Sigmoid oder tanh sind die Anpassungen der ersten Schicht oft weit kleiner als die der letzten.</translation>
    </message>
    <message>
        <source>Δw of the 784 input weights of neuron %1 of layer 1</source>
        <translation>Δw der 784 Eingangsgewichte von Neuron %1 der Schicht 1</translation>
    </message>
    <message>
        <source>One small step downhill: the loss fell.</source>
        <translation>Ein kleiner Schritt bergab: der Verlust ist gefallen.</translation>
    </message>
    <message>
        <source>The loss did not fall: the step was too large for this image.</source>
        <translation>Der Verlust ist nicht gefallen: der Schritt war für dieses Bild zu groß.</translation>
    </message>
    <message>
        <source>a = z if z &amp;gt; 0, else 0.01 z</source>
        <translation>a = z für z &amp;gt; 0, sonst 0,01 z</translation>
    </message>
    <message>
        <source>f&apos;(z) = 1 if z &amp;gt; 0, else 0</source>
        <translation>f&apos;(z) = 1 für z &amp;gt; 0, sonst 0</translation>
    </message>
    <message>
        <source>f&apos;(z) = 1 if z &amp;gt; 0, else 0.01</source>
        <translation>f&apos;(z) = 1 für z &amp;gt; 0, sonst 0,01</translation>
    </message>
    <message>
        <source>a = f(z), layer %1</source>
        <translation>a = f(z), Schicht %1</translation>
    </message>
    <message>
        <source>slope f&apos;(z)</source>
        <translation>Steigung f&apos;(z)</translation>
    </message>
    <message>
        <source>Each of the 10 output neurons (layer %1) sums its %2 weighted inputs and adds its bias; SoftMax turns these logits into probabilities next:&lt;br&gt;%3</source>
        <translation>Jedes der 10 Ausgabeneuronen (Schicht %1) summiert seine %2 gewichteten Eingaben und addiert seinen Bias; SoftMax macht als Nächstes Wahrscheinlichkeiten aus diesen Logits:&lt;br&gt;%3</translation>
    </message>
    <message>
        <source>neuron %1 pixel (%2, %3)</source>
        <translation>Neuron %1 Pixel (%2, %3)</translation>
    </message>
    <message>
        <source>output %1 from neuron %2</source>
        <translation>Ausgabe %1 von Neuron %2</translation>
    </message>
    <message>
        <source>neuron %1 from neuron %2</source>
        <translation>Neuron %1 von Neuron %2</translation>
    </message>
    <message>
        <source>W%1 from %2 to %3, largest: %4.</source>
        <translation>W%1 von %2 bis %3, größte: %4.</translation>
    </message>
    <message>
        <source>The batch&apos;s loss is the mean of its %1 losses: &lt;b&gt;L = (1/B) &amp;Sigma;&lt;sub&gt;s&lt;/sub&gt; L&lt;sup&gt;(s)&lt;/sup&gt; = %2&lt;/b&gt;; the step follows its gradient, the mean of the samples&apos; gradients.</source>
        <translation>Der Verlust des Batches ist der Mittelwert seiner %1 Verluste: &lt;b&gt;L = (1/B) &amp;Sigma;&lt;sub&gt;s&lt;/sub&gt; L&lt;sup&gt;(s)&lt;/sup&gt; = %2&lt;/b&gt;; der Schritt folgt seinem Gradienten, dem Mittelwert der Gradienten der Beispiele.</translation>
    </message>
    <message>
        <source>Every weight moves against the batch&apos;s gradient, the mean over its %1 samples: &lt;b&gt;&amp;Delta;%2 = &amp;minus;&amp;eta; &amp;middot; (1/B) &amp;Sigma;&lt;sub&gt;s&lt;/sub&gt; %3 %4&lt;/b&gt;, &amp;Delta;%5 = &amp;minus;&amp;eta; &amp;middot; (1/B) &amp;Sigma;&lt;sub&gt;s&lt;/sub&gt; %3, at &amp;eta; = %6. The table and the picture are the batch&apos;s.</source>
        <translation>Jedes Gewicht bewegt sich gegen den Gradienten des Batches, den Mittelwert über seine %1 Bilder: &lt;b&gt;&amp;Delta;%2 = &amp;minus;&amp;eta; &amp;middot; (1/B) &amp;Sigma;&lt;sub&gt;s&lt;/sub&gt; %3 %4&lt;/b&gt;, &amp;Delta;%5 = &amp;minus;&amp;eta; &amp;middot; (1/B) &amp;Sigma;&lt;sub&gt;s&lt;/sub&gt; %3, bei &amp;eta; = %6. Tabelle und Bild zeigen den Batch.</translation>
    </message>
    <message>
        <source>Mean loss of the batch: &lt;b&gt;%1 &amp;rarr; %2&lt;/b&gt;. Sample %3: %4 &amp;rarr; %5; the target&apos;s probability %6 &amp;rarr; %7.</source>
        <translation>Mittlerer Verlust des Batches: &lt;b&gt;%1 &amp;rarr; %2&lt;/b&gt;. Bild %3: %4 &amp;rarr; %5; die Wahrscheinlichkeit des Ziels %6 &amp;rarr; %7.</translation>
    </message>
    <message>
        <source>One small step downhill for the batch: its mean loss fell.</source>
        <translation>Ein kleiner Schritt bergab für den Batch: sein mittlerer Verlust ist gesunken.</translation>
    </message>
    <message>
        <source>The batch&apos;s mean loss did not fall: the step was too large.</source>
        <translation>Der mittlere Verlust des Batches ist nicht gesunken: der Schritt war zu groß.</translation>
    </message>
    <message>
        <source>each sample&apos;s loss after minus before, 16 to a row</source>
        <translation>Verlust jedes Bildes nachher minus vorher, 16 je Zeile</translation>
    </message>
    <message>
        <source>%1, sample %2 of the batch</source>
        <translation>%1, Bild %2 des Batches</translation>
    </message>
    <message>
        <source>Row %1 of %2 (neuron %1 over the batch):</source>
        <translation>Zeile %1 von %2 (Neuron %1 über den Batch):</translation>
    </message>
    <message>
        <source>All %1 samples at once: &lt;b&gt;%2 = %3 %4 + %5 1&lt;sup&gt;T&lt;/sup&gt;&lt;/b&gt;: (%6 &amp;times; %7)(%7 &amp;times; %1) = %6 &amp;times; %1, the bias added to every column; column s holds sample s&apos;s sums (sample %8&apos;s spelled out below).</source>
        <translation>Alle %1 Bilder auf einmal: &lt;b&gt;%2 = %3 %4 + %5 1&lt;sup&gt;T&lt;/sup&gt;&lt;/b&gt;: (%6 &amp;times; %7)(%7 &amp;times; %1) = %6 &amp;times; %1, der Bias zu jeder Spalte addiert; Spalte s enthält die Summen von Bild s (die von Bild %8 unten ausgeschrieben).</translation>
    </message>
    <message>
        <source>%1 &amp;times; %2 = %3 multiply-adds for this product.</source>
        <translation>%1 &amp;times; %2 = %3 Multiplikationen mit Addition für dieses Produkt.</translation>
    </message>
    <message>
        <source>Z(%1): %2 rows (neurons) x %3 columns (samples)</source>
        <translation>Z(%1): %2 Zeilen (Neuronen) x %3 Spalten (Bilder)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 = f(%2)&lt;/b&gt; element by element: %3 of the %4 values (%5%) have z &amp;le; 0.</source>
        <translation>&lt;b&gt;%1 = f(%2)&lt;/b&gt; Element für Element: %3 der %4 Werte (%5 %) haben z &amp;le; 0.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 = f(%2)&lt;/b&gt; element by element: %3 of the %4 values (%5%) are saturated, f&apos;(z) &amp;lt; 0.05.</source>
        <translation>&lt;b&gt;%1 = f(%2)&lt;/b&gt; Element für Element: %3 der %4 Werte (%5 %) sind gesättigt, f&apos;(z) &amp;lt; 0,05.</translation>
    </message>
    <message>
        <source>A(%1) = f(Z(%1)): %2 x %3</source>
        <translation>A(%1) = f(Z(%1)): %2 x %3</translation>
    </message>
    <message>
        <source>Over the batch, column by column: every column of &lt;b&gt;P&lt;/b&gt; (10 &amp;times; %1) sums to 1.</source>
        <translation>Über den Batch, Spalte für Spalte: jede Spalte von &lt;b&gt;P&lt;/b&gt; (10 &amp;times; %1) hat die Summe 1.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 of %2&lt;/b&gt; right (wrong ones underlined).</source>
        <translation>&lt;b&gt;%1 von %2&lt;/b&gt; richtig (falsche unterstrichen).</translation>
    </message>
    <message>
        <source>Over the batch: &lt;b&gt;%1 = P &amp;minus; Y&lt;/b&gt;, 10 &amp;times; %2, sample s&apos;s deltas in column s. The gradients below are their mean over the batch (1/B = 1/%2).</source>
        <translation>Über den Batch: &lt;b&gt;%1 = P &amp;minus; Y&lt;/b&gt;, 10 &amp;times; %2, die Deltas von Bild s in Spalte s. Die Gradienten danach sind ihr Mittel über den Batch (1/B = 1/%2).</translation>
    </message>
    <message>
        <source>All %1 samples at once: &lt;b&gt;%2 = (%3&lt;sup&gt;T&lt;/sup&gt; %4) &amp;#8857; f&apos;(%5)&lt;/b&gt;: (%6 &amp;times; %7)(%7 &amp;times; %1), then element by element.</source>
        <translation>Alle %1 Bilder auf einmal: &lt;b&gt;%2 = (%3&lt;sup&gt;T&lt;/sup&gt; %4) &amp;#8857; f&apos;(%5)&lt;/b&gt;: (%6 &amp;times; %7)(%7 &amp;times; %1), dann Element für Element.</translation>
    </message>
    <message>
        <source>Delta(%1): %2 rows x %3 columns</source>
        <translation>Delta(%1): %2 Zeilen x %3 Spalten</translation>
    </message>
    <message>
        <source>&lt;b&gt;w&lt;sup&gt;(%1)&lt;/sup&gt;&lt;sub&gt;%2,%3&lt;/sub&gt;&lt;/b&gt;: the %4 terms %5 %6 of its samples:</source>
        <translation>&lt;b&gt;w&lt;sup&gt;(%1)&lt;/sup&gt;&lt;sub&gt;%2,%3&lt;/sub&gt;&lt;/b&gt;: die %4 Terme %5 %6 der Bilder:</translation>
    </message>
    <message>
        <source>Each sample has its own gradient, as with one image; the step uses their mean. Two weights worked through:</source>
        <translation>Jedes Bild hat seinen eigenen Gradienten, wie bei einem Bild; der Schritt nutzt ihr Mittel. Zwei Gewichte durchgerechnet:</translation>
    </message>
    <message>
        <source>the %1 per-sample gradients of the first weight</source>
        <translation>die %1 Gradienten des ersten Gewichts, Bild für Bild</translation>
    </message>
    <message>
        <source>, rows %1-%2 shown</source>
        <translation>, Zeilen %1-%2 gezeigt</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 = %2 + &amp;Delta;w&lt;/b&gt; for every weight and bias; then %3 again:</source>
        <translation>&lt;b&gt;%1 = %2 + &amp;Delta;w&lt;/b&gt; für jedes Gewicht und jeden Bias; dann %3 noch einmal:</translation>
    </message>
    <message>
        <source>the same %1 images</source>
        <translation>dieselben %1 Bilder</translation>
    </message>
    <message>
        <source>the same image</source>
        <translation>dasselbe Bild</translation>
    </message>
    <message>
        <source>&lt;b&gt;Output neuron %1&lt;/b&gt; (click one in the diagram), %2 = %3, over its %4 inputs %5:</source>
        <translation>&lt;b&gt;Ausgabeneuron %1&lt;/b&gt; (ein Klick im Diagramm wählt eines), %2 = %3, über seine %4 Eingaben %5:</translation>
    </message>
    <message>
        <source>Δw of output neuron %1&apos;s %2 weights</source>
        <translation>Δw der %2 Gewichte von Ausgabeneuron %1</translation>
    </message>
    <message>
        <source>%1 of the %2 losses went down.</source>
        <translation>%1 der %2 Verluste sind gesunken.</translation>
    </message>
    <message>
        <source>Input i is pixel (row &amp;lfloor;(i&amp;minus;1)/28&amp;rfloor;, column (i&amp;minus;1) mod 28).</source>
        <translation>Eingabe i ist Pixel (Zeile &amp;lfloor;(i&amp;minus;1)/28&amp;rfloor;, Spalte (i&amp;minus;1) mod 28).</translation>
    </message>
    <message>
        <source>+ the other %1 terms (%2 of them are 0 because a = 0): %3</source>
        <translation>+ die übrigen %1 Terme (%2 davon sind 0, weil a = 0): %3</translation>
    </message>
    <message>
        <source>Crossed out: neurons %1.</source>
        <translation>Durchgestrichen: Neuronen %1.</translation>
    </message>
    <message>
        <source>dL/dW1 = δ1 xᵀ</source>
        <translation>dL/dW1 = δ1 xᵀ</translation>
    </message>
    <message>
        <source>(a 28×28 tile per output neuron)</source>
        <translation>(eine 28×28-Kachel je Ausgabeneuron)</translation>
    </message>
    <message>
        <source>(a 28×28 tile per hidden neuron)</source>
        <translation>(eine 28×28-Kachel je verdecktem Neuron)</translation>
    </message>
    <message>
        <source>(a tile per neuron)</source>
        <translation>(eine Kachel je Neuron)</translation>
    </message>
    <message>
        <source>W1</source>
        <translation>W1</translation>
    </message>
    <message>
        <source>(an output neuron&apos;s 784 input weights per tile)</source>
        <translation>(die 784 Eingangsgewichte eines Ausgabeneurons je Kachel)</translation>
    </message>
    <message>
        <source>(a hidden neuron&apos;s 784 input weights per tile)</source>
        <translation>(die 784 Eingangsgewichte eines verdeckten Neurons je Kachel)</translation>
    </message>
    <message>
        <source>(784 input weights per tile)</source>
        <translation>(784 Eingangsgewichte je Kachel)</translation>
    </message>
    <message>
        <source>ΔW1 = −lr · dL/dW1</source>
        <translation>ΔW1 = −lr · dL/dW1</translation>
    </message>
    <message>
        <source>(what the step adds to W1)</source>
        <translation>(was der Schritt zu W1 addiert)</translation>
    </message>
    <message>
        <source>(the step&apos;s change)</source>
        <translation>(die Änderung des Schritts)</translation>
    </message>
    <message>
        <source>dL/dW%1 = δ%1 a%2ᵀ</source>
        <translation>dL/dW%1 = δ%1 a%2ᵀ</translation>
    </message>
    <message>
        <source>ΔW%1 = −lr · dL/dW%1</source>
        <translation>ΔW%1 = −lr · dL/dW%1</translation>
    </message>
    <message>
        <source>%1 of hidden layer %2 × %3 of hidden layer %4</source>
        <translation>%1 der verdeckten Schicht %2 × %3 der verdeckten Schicht %4</translation>
    </message>
    <message>
        <source>%1 outputs × %2 hidden</source>
        <translation>%1 Ausgaben × %2 verdeckte</translation>
    </message>
    <message>
        <source>%1 outputs × %2 of hidden layer %3</source>
        <translation>%1 Ausgaben × %2 der verdeckten Schicht %3</translation>
    </message>
    <message>
        <source>Hidden layer widths &quot;%1&quot;: &quot;%2&quot; is not a whole number. Write one width per layer, such as 128 or 256,128, or 0 for no hidden layer.</source>
        <translation>Breiten der verborgenen Schichten &quot;%1&quot;: &quot;%2&quot; ist keine ganze Zahl. Schreiben Sie eine Breite je Schicht, etwa 128 oder 256,128, oder 0 für keine verborgene Schicht.</translation>
    </message>
    <message>
        <source>Hidden layer width %1: a hidden layer has 1 to %2 neurons.</source>
        <translation>Breite der verborgenen Schicht %1: Eine verborgene Schicht hat 1 bis %2 Neuronen.</translation>
    </message>
    <message>
        <source>Hidden layer widths %1: at most %2 hidden layers.</source>
        <translation>Breiten der verborgenen Schichten %1: höchstens %2 verborgene Schichten.</translation>
    </message>
    <message>
        <source>Hidden layer widths &quot;%1&quot; cannot be used.</source>
        <translation>Die Breiten der verborgenen Schichten &quot;%1&quot; sind nicht verwendbar.</translation>
    </message>
    <message>
        <source>epoch 1 shown; the rest after the answer</source>
        <translation>Epoche 1 gezeigt; der Rest nach der Antwort</translation>
    </message>
    <message>
        <source>shown after the answer</source>
        <translation>gezeigt nach der Antwort</translation>
    </message>
    <message>
        <source>These layers cannot be built: %1. Write them comma-separated, such as &quot;conv 8 5x5, pool 2, dense 64, dropout 0.25&quot;.</source>
        <translation>Diese Schichten lassen sich nicht bauen: %1. Schreiben Sie sie durch Kommas getrennt, etwa &quot;conv 8 5x5, pool 2, dense 64, dropout 0.25&quot;.</translation>
    </message>
    <message>
        <source>the sum of all its terms %1, + the bias %2</source>
        <translation>die Summe all seiner Terme %1, + der Bias %2</translation>
    </message>
    <message>
        <source>%1 of z = %2: %3</source>
        <translation>%1 von z = %2: %3</translation>
    </message>
    <message>
        <source>e&lt;sup&gt;z&lt;/sup&gt; / &amp;Sigma; e&lt;sup&gt;z&lt;/sup&gt; with z = %1 and &amp;Sigma; e&lt;sup&gt;z&lt;/sup&gt; = %2</source>
        <translation>e&lt;sup&gt;z&lt;/sup&gt; / &amp;Sigma; e&lt;sup&gt;z&lt;/sup&gt; mit z = %1 und &amp;Sigma; e&lt;sup&gt;z&lt;/sup&gt; = %2</translation>
    </message>
    <message>
        <source>e&lt;sup&gt;z &amp;minus; m&lt;/sup&gt; / &amp;Sigma; e&lt;sup&gt;z &amp;minus; m&lt;/sup&gt;, m the largest z</source>
        <translation>e&lt;sup&gt;z &amp;minus; m&lt;/sup&gt; / &amp;Sigma; e&lt;sup&gt;z &amp;minus; m&lt;/sup&gt;, m das größte z</translation>
    </message>
    <message>
        <source>&amp;minus;ln p of the target, p = %1</source>
        <translation>&amp;minus;ln p des Ziels, p = %1</translation>
    </message>
    <message>
        <source>%1 &amp;minus; %2 = %3 &amp;minus; %4</source>
        <translation>%1 &amp;minus; %2 = %3 &amp;minus; %4</translation>
    </message>
    <message>
        <source>the backward sum %1 times the slope f&apos;(z) = %2</source>
        <translation>die Rückwärtssumme %1 mal die Steigung f&apos;(z) = %2</translation>
    </message>
    <message>
        <source> new</source>
        <translation> neu</translation>
    </message>
    <message>
        <source>w old %1 + &amp;Delta;w %2</source>
        <translation>w alt %1 + &amp;Delta;w %2</translation>
    </message>
    <message>
        <source>&amp;minus;&amp;eta; times the mean over the batch of &amp;delta; times the input, &amp;eta; = %1</source>
        <translation>&amp;minus;&amp;eta; mal der Mittelwert über den Batch von &amp;delta; mal Eingabe, &amp;eta; = %1</translation>
    </message>
    <message>
        <source>&amp;minus;&amp;eta; &amp;middot; &amp;delta; &amp;middot; input = &amp;minus;%1 &amp;middot; %2 &amp;middot; %3</source>
        <translation>&amp;minus;&amp;eta; &amp;middot; &amp;delta; &amp;middot; Eingabe = &amp;minus;%1 &amp;middot; %2 &amp;middot; %3</translation>
    </message>
    <message>
        <source>&amp;minus;&amp;eta; times the mean &amp;delta; over the batch</source>
        <translation>&amp;minus;&amp;eta; mal das mittlere &amp;delta; über den Batch</translation>
    </message>
    <message>
        <source>&amp;minus;&amp;eta; &amp;middot; &amp;delta; = &amp;minus;%1 &amp;middot; %2</source>
        <translation>&amp;minus;&amp;eta; &amp;middot; &amp;delta; = &amp;minus;%1 &amp;middot; %2</translation>
    </message>
    <message>
        <source>Each of the %1 feature maps slides its own %2&amp;times;%2 kernel over the %3 input channel(s) (%4 &amp;times; %5, stride %6, %7): every output value is its bias plus the %8 products of the kernel&apos;s weights with the input patch under it, then the %9:</source>
        <translation>Jede der %1 Feature-Maps schiebt ihren eigenen %2&amp;times;%2-Kern über den/die %3 Eingabekanal/-kanäle (%4 &amp;times; %5, Schrittweite %6, %7): jeder Ausgabewert ist sein Bias plus die %8 Produkte der Kerngewichte mit dem Eingabeausschnitt darunter, dann %9:</translation>
    </message>
    <message>
        <source>zero padding %1</source>
        <translation>Null-Padding %1</translation>
    </message>
    <message>
        <source>no padding</source>
        <translation>kein Padding</translation>
    </message>
    <message>
        <source>Every index counts from 1, as in the table: kernel row u and column v run from 1 to %1.</source>
        <translation>Jeder Index zählt ab 1, wie in der Tabelle: Kernzeile u und -spalte v laufen von 1 bis %1.</translation>
    </message>
    <message>
        <source>Feature map &lt;b&gt;%1&lt;/b&gt;, row &lt;b&gt;%2&lt;/b&gt;, column &lt;b&gt;%3&lt;/b&gt; (click another value in the map, or move with the arrow keys): %4 terms, the %5 largest here:</source>
        <translation>Feature-Map &lt;b&gt;%1&lt;/b&gt;, Zeile &lt;b&gt;%2&lt;/b&gt;, Spalte &lt;b&gt;%3&lt;/b&gt; (einen anderen Wert in der Map anklicken oder mit den Pfeiltasten gehen): %4 Terme, die %5 größten hier:</translation>
    </message>
    <message>
        <source>padding</source>
        <translation>Padding</translation>
    </message>
    <message>
        <source>channel</source>
        <translation>Kanal</translation>
    </message>
    <message>
        <source>tap (u, v)</source>
        <translation>Kernstelle (u, v)</translation>
    </message>
    <message>
        <source>input at</source>
        <translation>Eingabe an</translation>
    </message>
    <message>
        <source>= bias %1 + &amp;Sigma; of the %2 terms %3 = &lt;b&gt;z = %4&lt;/b&gt;; a = f(z) = &lt;b&gt;%5&lt;/b&gt;</source>
        <translation>= Bias %1 + &amp;Sigma; der %2 Terme %3 = &lt;b&gt;z = %4&lt;/b&gt;; a = f(z) = &lt;b&gt;%5&lt;/b&gt;</translation>
    </message>
    <message>
        <source>feature map %1 of %2: a = f(z)</source>
        <translation>Feature-Map %1 von %2: a = f(z)</translation>
    </message>
    <message>
        <source>input channel %1, the %2×%2 patch marked</source>
        <translation>Eingabekanal %1, der %2×%2-Ausschnitt markiert</translation>
    </message>
    <message>
        <source>Backwards to the layer before, every input value gets the kernel weights it met times the &amp;delta; of the outputs it fed, over every map: &lt;b&gt;dL/d%1 = &amp;Sigma;&lt;sub&gt;o,u,v&lt;/sub&gt; w&lt;sub&gt;o,c,u,v&lt;/sub&gt; &amp;delta;&lt;sub&gt;o,y,x&lt;/sub&gt;&lt;/b&gt; over the outputs (y, x) that put tap (u, v) on it: the kernel turned by 180&amp;deg;.</source>
        <translation>Rückwärts zur Schicht davor bekommt jeder Eingabewert die Kerngewichte, auf die er traf, mal das &amp;delta; der Ausgaben, die er speiste, über alle Maps: &lt;b&gt;dL/d%1 = &amp;Sigma;&lt;sub&gt;o,u,v&lt;/sub&gt; w&lt;sub&gt;o,c,u,v&lt;/sub&gt; &amp;delta;&lt;sub&gt;o,y,x&lt;/sub&gt;&lt;/b&gt; über die Ausgaben (y, x), die Kernstelle (u, v) auf ihn legten: der um 180&amp;deg; gedrehte Kern.</translation>
    </message>
    <message>
        <source>Input (channel %1, row %2, column %3): %4 terms, &lt;b&gt;dL/d in = %5&lt;/b&gt;.</source>
        <translation>Eingabe (Kanal %1, Zeile %2, Spalte %3): %4 Terme, &lt;b&gt;dL/d in = %5&lt;/b&gt;.</translation>
    </message>
    <message>
        <source>Times the slope of the layer before, f&apos;(z) = %1: its &amp;delta; = %2 (the pass&apos;s: %3).</source>
        <translation>Mal die Steigung der Schicht davor, f&apos;(z) = %1: ihr &amp;delta; = %2 (der Durchlauf: %3).</translation>
    </message>
    <message>
        <source>The layer before receives: %1.</source>
        <translation>Die Schicht davor erhält: %1.</translation>
    </message>
    <message>
        <source>&amp;delta; of the convolution = dL/dz = dL/da &amp;middot; f&apos;(z) (%1), one per output value; it came back through the layer after it (pooling passes it to the maxima only).</source>
        <translation>&amp;delta; der Faltung = dL/dz = dL/da &amp;middot; f&apos;(z) (%1), eins je Ausgabewert; es kam durch die Schicht danach zurück (Pooling gibt es nur an die Maxima weiter).</translation>
    </message>
    <message>
        <source>Value (map %1, row %2, column %3): f&apos;(z) = %4, &lt;b&gt;&amp;delta; = %5&lt;/b&gt;.</source>
        <translation>Wert (Map %1, Zeile %2, Spalte %3): f&apos;(z) = %4, &lt;b&gt;&amp;delta; = %5&lt;/b&gt;.</translation>
    </message>
    <message>
        <source>A kernel weight is used at every output position of its map, so its gradient is a sum over the %1 positions:&lt;br&gt;&lt;b&gt;dL/d%2 = &amp;Sigma;&lt;sub&gt;y,x&lt;/sub&gt; %3 &amp;middot; %4&lt;/b&gt;; dL/d%5 = &amp;Sigma;&lt;sub&gt;y,x&lt;/sub&gt; %3.</source>
        <translation>Ein Kerngewicht wirkt an jeder Ausgabeposition seiner Map, also ist sein Gradient eine Summe über die %1 Positionen:&lt;br&gt;&lt;b&gt;dL/d%2 = &amp;Sigma;&lt;sub&gt;y,x&lt;/sub&gt; %3 &amp;middot; %4&lt;/b&gt;; dL/d%5 = &amp;Sigma;&lt;sub&gt;y,x&lt;/sub&gt; %3.</translation>
    </message>
    <message>
        <source>Kernel weight of map %1, channel %2, (u, v) = (%3, %4) (the one of this map with the largest gradient): %5 of the %6 products are not 0; the %7 largest:</source>
        <translation>Kerngewicht von Map %1, Kanal %2, (u, v) = (%3, %4) (das dieser Map mit dem größten Gradienten): %5 der %6 Produkte sind nicht 0; die %7 größten:</translation>
    </message>
    <message>
        <source>position (y, x)</source>
        <translation>Position (y, x)</translation>
    </message>
    <message>
        <source>product</source>
        <translation>Produkt</translation>
    </message>
    <message>
        <source>+ the other %1 products: %2; = &lt;b&gt;dL/dw = %3&lt;/b&gt; (the pass&apos;s own: %4)</source>
        <translation>+ die übrigen %1 Produkte: %2; = &lt;b&gt;dL/dw = %3&lt;/b&gt; (der Durchlauf selbst: %4)</translation>
    </message>
    <message>
        <source>dL/db of map %1 = &amp;Sigma; &amp;delta; over the map = &lt;b&gt;%2&lt;/b&gt;.</source>
        <translation>dL/db von Map %1 = &amp;Sigma; &amp;delta; über die Map = &lt;b&gt;%2&lt;/b&gt;.</translation>
    </message>
    <message>
        <source>δ of feature map %1</source>
        <translation>δ von Feature-Map %1</translation>
    </message>
    <message>
        <source>dL/dw of map %1&apos;s kernel (a %2×%2 block per input channel)</source>
        <translation>dL/dw des Kerns von Map %1 (ein %2×%2-Block je Eingabekanal)</translation>
    </message>
    <message>
        <source>Every weight and bias takes one step against its gradient: &lt;b&gt;w &amp;larr; w &amp;minus; &amp;eta; dL/dw&lt;/b&gt;, &amp;eta; = %1.</source>
        <translation>Jedes Gewicht und jeder Bias macht einen Schritt gegen seinen Gradienten: &lt;b&gt;w &amp;larr; w &amp;minus; &amp;eta; dL/dw&lt;/b&gt;, &amp;eta; = %1.</translation>
    </message>
    <message>
        <source>%1 = %2 &amp;minus; %3 &amp;middot; %4 = %2 + %5 = &lt;b&gt;%6&lt;/b&gt;</source>
        <translation>%1 = %2 &amp;minus; %3 &amp;middot; %4 = %2 + %5 = &lt;b&gt;%6&lt;/b&gt;</translation>
    </message>
    <message>
        <source>The same image again with the new weights: loss %1 &amp;rarr; &lt;b&gt;%2&lt;/b&gt; (%3); predicted class %4 &amp;rarr; &lt;b&gt;%5&lt;/b&gt;.</source>
        <translation>Dasselbe Bild noch einmal mit den neuen Gewichten: Verlust %1 &amp;rarr; &lt;b&gt;%2&lt;/b&gt; (%3); vorhergesagte Klasse %4 &amp;rarr; &lt;b&gt;%5&lt;/b&gt;.</translation>
    </message>
    <message>
        <source>map %1&apos;s kernel before</source>
        <translation>Kern von Map %1 vorher</translation>
    </message>
    <message>
        <source>after the step</source>
        <translation>nach dem Schritt</translation>
    </message>
    <message>
        <source>Convolution</source>
        <translation>Faltung</translation>
    </message>
    <message>
        <source>Max pooling</source>
        <translation>Max-Pooling</translation>
    </message>
    <message>
        <source>Flatten</source>
        <translation>Flatten</translation>
    </message>
    <message>
        <source>Dropout</source>
        <translation>Dropout</translation>
    </message>
    <message>
        <source>Dense</source>
        <translation>Dicht</translation>
    </message>
    <message>
        <source>value %1</source>
        <translation>Wert %1</translation>
    </message>
    <message>
        <source>Flatten reads the %1 &amp;times; %2 &amp;times; %3 values channel by channel, each row by row, into one list of %4: value (channel c, row y, column x) becomes number c&amp;middot;%5 + y&amp;middot;%3 + x + 1. Nothing is computed; the dense layer after it sees a list.</source>
        <translation>Flatten liest die %1 &amp;times; %2 &amp;times; %3 Werte Kanal für Kanal, jeden Zeile für Zeile, in eine Liste von %4: Wert (Kanal c, Zeile y, Spalte x) wird Nummer c&amp;middot;%5 + y&amp;middot;%3 + x + 1. Nichts wird gerechnet; die dichte Schicht danach sieht eine Liste.</translation>
    </message>
    <message>
        <source>Value %1 (select another with a click or the arrow keys) is channel %2, row %3, column %4: &lt;b&gt;%5&lt;/b&gt;.</source>
        <translation>Wert %1 (einen anderen mit einem Klick oder den Pfeiltasten wählen) ist Kanal %2, Zeile %3, Spalte %4: &lt;b&gt;%5&lt;/b&gt;.</translation>
    </message>
    <message>
        <source>Backwards the same order takes each &amp;delta; back to its place: &amp;delta;&lt;sub&gt;%1&lt;/sub&gt; = &lt;b&gt;%2&lt;/b&gt; goes to channel %3, row %4, column %5.</source>
        <translation>Rückwärts bringt dieselbe Reihenfolge jedes &amp;delta; an seinen Platz zurück: &amp;delta;&lt;sub&gt;%1&lt;/sub&gt; = &lt;b&gt;%2&lt;/b&gt; geht an Kanal %3, Zeile %4, Spalte %5.</translation>
    </message>
    <message>
        <source>dL/da of the %1 values</source>
        <translation>dL/da der %1 Werte</translation>
    </message>
    <message>
        <source>the %1 values in a list</source>
        <translation>die %1 Werte als Liste</translation>
    </message>
    <message>
        <source>In training, dropout sets each value to 0 with probability p = %1 (its mask, drawn anew for every sample) and multiplies the others by 1 / (1 &amp;minus; p) = %2, so that their expected sum stays the same.</source>
        <translation>Im Training setzt Dropout jeden Wert mit Wahrscheinlichkeit p = %1 auf 0 (seine Maske, für jedes Beispiel neu gezogen) und multipliziert die anderen mit 1 / (1 &amp;minus; p) = %2, damit ihre erwartete Summe gleich bleibt.</translation>
    </message>
    <message>
        <source>Here the network is evaluated on one image: the mask keeps every value and nothing is scaled, &lt;b&gt;a = in&lt;/b&gt;. Value %1: %2.</source>
        <translation>Hier wird das Netz auf einem Bild ausgewertet: die Maske behält jeden Wert und nichts wird skaliert, &lt;b&gt;a = in&lt;/b&gt;. Wert %1: %2.</translation>
    </message>
    <message>
        <source>Backwards, &amp;delta; passes through the values the mask kept (here all) unchanged: &amp;delta;&lt;sub&gt;%1&lt;/sub&gt; = &lt;b&gt;%2&lt;/b&gt;.</source>
        <translation>Rückwärts geht &amp;delta; durch die Werte, die die Maske behielt (hier alle), unverändert: &amp;delta;&lt;sub&gt;%1&lt;/sub&gt; = &lt;b&gt;%2&lt;/b&gt;.</translation>
    </message>
    <message>
        <source>dL/da after dropout</source>
        <translation>dL/da nach Dropout</translation>
    </message>
    <message>
        <source>kept</source>
        <translation>behalten</translation>
    </message>
    <message>
        <source>the mask: 1 = kept, all of them here</source>
        <translation>die Maske: 1 = behalten, hier alle</translation>
    </message>
    <message>
        <source>a after dropout (all kept)</source>
        <translation>a nach Dropout (alle behalten)</translation>
    </message>
    <message>
        <source>Each of the %1 neurons sums its %2 weighted inputs and adds its bias, then applies the %3:&lt;br&gt;&lt;b&gt;%4 = &amp;Sigma;&lt;sub&gt;i&lt;/sub&gt; %5 %6 + %7&lt;/b&gt;, %8</source>
        <translation>Jedes der %1 Neuronen summiert seine %2 gewichteten Eingaben, addiert seinen Bias und wendet dann %3 an:&lt;br&gt;&lt;b&gt;%4 = &amp;Sigma;&lt;sub&gt;i&lt;/sub&gt; %5 %6 + %7&lt;/b&gt;, %8</translation>
    </message>
    <message>
        <source>Neuron &lt;b&gt;%1&lt;/b&gt; (click another in the grid, or select it with the arrow keys): its %2 largest terms:</source>
        <translation>Neuron &lt;b&gt;%1&lt;/b&gt; (ein anderes im Raster anklicken oder mit den Pfeiltasten wählen): seine %2 größten Terme:</translation>
    </message>
    <message>
        <source>= &amp;Sigma; of all terms %1, + bias %2 = &lt;b&gt;%3 = %4&lt;/b&gt;; %5 = f(%4) = &lt;b&gt;%6&lt;/b&gt;</source>
        <translation>= &amp;Sigma; aller Terme %1, + Bias %2 = &lt;b&gt;%3 = %4&lt;/b&gt;; %5 = f(%4) = &lt;b&gt;%6&lt;/b&gt;</translation>
    </message>
    <message>
        <source>z of the %1 neurons</source>
        <translation>z der %1 Neuronen</translation>
    </message>
    <message>
        <source>a = f(z)</source>
        <translation>a = f(z)</translation>
    </message>
    <message>
        <source>The dense layer&apos;s &amp;delta; = (W&lt;sub&gt;next&lt;/sub&gt;&lt;sup&gt;T&lt;/sup&gt; &amp;delta;&lt;sub&gt;next&lt;/sub&gt;) &amp;middot; f&apos;(z), %1; then dL/dW = &amp;delta; in&lt;sup&gt;T&lt;/sup&gt;, dL/db = &amp;delta;.</source>
        <translation>&amp;delta; der dichten Schicht = (W&lt;sub&gt;next&lt;/sub&gt;&lt;sup&gt;T&lt;/sup&gt; &amp;delta;&lt;sub&gt;next&lt;/sub&gt;) &amp;middot; f&apos;(z), %1; dann dL/dW = &amp;delta; in&lt;sup&gt;T&lt;/sup&gt;, dL/db = &amp;delta;.</translation>
    </message>
    <message>
        <source>Neuron %1: f&apos;(%2) = %3, %4 = &lt;b&gt;%5&lt;/b&gt;.</source>
        <translation>Neuron %1: f&apos;(%2) = %3, %4 = &lt;b&gt;%5&lt;/b&gt;.</translation>
    </message>
    <message>
        <source>δ of the %1 neurons</source>
        <translation>δ der %1 Neuronen</translation>
    </message>
    <message>
        <source>row %1, column %2</source>
        <translation>Zeile %1, Spalte %2</translation>
    </message>
    <message>
        <source>%1: gradients</source>
        <translation>%1: Gradienten</translation>
    </message>
    <message>
        <source>Max pooling halves each feature map: every 2&amp;times;2 window (stride 2) passes on its largest value, %1 &amp;times; %2 &amp;rarr; %3 &amp;times; %4 per map, %5 maps. No weights; nothing to learn.&lt;br&gt;&lt;b&gt;a&lt;sub&gt;c,y,x&lt;/sub&gt; = max(in&lt;sub&gt;c,2y,2x&lt;/sub&gt;, in&lt;sub&gt;c,2y,2x+1&lt;/sub&gt;, in&lt;sub&gt;c,2y+1,2x&lt;/sub&gt;, in&lt;sub&gt;c,2y+1,2x+1&lt;/sub&gt;)&lt;/b&gt;</source>
        <translation>Max-Pooling halbiert jede Feature-Map: jedes 2&amp;times;2-Fenster (Schrittweite 2) gibt seinen größten Wert weiter, %1 &amp;times; %2 &amp;rarr; %3 &amp;times; %4 je Map, %5 Maps. Keine Gewichte; nichts zu lernen.&lt;br&gt;&lt;b&gt;a&lt;sub&gt;c,y,x&lt;/sub&gt; = max(in&lt;sub&gt;c,2y,2x&lt;/sub&gt;, in&lt;sub&gt;c,2y,2x+1&lt;/sub&gt;, in&lt;sub&gt;c,2y+1,2x&lt;/sub&gt;, in&lt;sub&gt;c,2y+1,2x+1&lt;/sub&gt;)&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Map &lt;b&gt;%1&lt;/b&gt;, row &lt;b&gt;%2&lt;/b&gt;, column &lt;b&gt;%3&lt;/b&gt; (click another value, or move with the arrow keys): its window:</source>
        <translation>Map &lt;b&gt;%1&lt;/b&gt;, Zeile &lt;b&gt;%2&lt;/b&gt;, Spalte &lt;b&gt;%3&lt;/b&gt; (einen anderen Wert anklicken oder mit den Pfeiltasten gehen): sein Fenster:</translation>
    </message>
    <message>
        <source>the largest: passed on</source>
        <translation>der größte: weitergegeben</translation>
    </message>
    <message>
        <source>input (row, col)</source>
        <translation>Eingabe (Zeile, Spalte)</translation>
    </message>
    <message>
        <source>value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>&amp;rArr; &lt;b&gt;a = %1&lt;/b&gt;, from input %2.</source>
        <translation>&amp;rArr; &lt;b&gt;a = %1&lt;/b&gt;, von Eingabe %2.</translation>
    </message>
    <message>
        <source>pooled map %1 of %2</source>
        <translation>gepoolte Map %1 von %2</translation>
    </message>
    <message>
        <source>in</source>
        <translation>in</translation>
    </message>
    <message>
        <source>map %1 before pooling, the window marked</source>
        <translation>Map %1 vor dem Pooling, das Fenster markiert</translation>
    </message>
    <message>
        <source>Backwards, only the value that won a window moved the output, so only it gets the window&apos;s &amp;delta;; the other three get 0: &lt;b&gt;dL/d in = &amp;delta; at the window&apos;s maximum, 0 elsewhere&lt;/b&gt;.</source>
        <translation>Rückwärts hat nur der Wert, der ein Fenster gewann, die Ausgabe bewegt, also bekommt nur er das &amp;delta; des Fensters; die anderen drei bekommen 0: &lt;b&gt;dL/d in = &amp;delta; am Maximum des Fensters, sonst 0&lt;/b&gt;.</translation>
    </message>
    <message>
        <source>Map %1, row %2, column %3: &amp;delta; = &lt;b&gt;%4&lt;/b&gt; (dL/da, from the layer after).</source>
        <translation>Map %1, Zeile %2, Spalte %3: &amp;delta; = &lt;b&gt;%4&lt;/b&gt; (dL/da, von der Schicht danach).</translation>
    </message>
    <message>
        <source>dL/d in</source>
        <translation>dL/d in</translation>
    </message>
    <message>
        <source>The convolution before it multiplies by its slope: &amp;delta; = dL/da &amp;middot; f&apos;(z) = %1 &amp;middot; %2 = &lt;b&gt;%3&lt;/b&gt; at input %4.</source>
        <translation>Die Faltung davor multipliziert mit ihrer Steigung: &amp;delta; = dL/da &amp;middot; f&apos;(z) = %1 &amp;middot; %2 = &lt;b&gt;%3&lt;/b&gt; an Eingabe %4.</translation>
    </message>
    <message>
        <source>δ of pooled map %1</source>
        <translation>δ der gepoolten Map %1</translation>
    </message>
    <message>
        <source>routed back to map %1: the maxima only</source>
        <translation>zurück an Map %1: nur die Maxima</translation>
    </message>
    <message>
        <source>Output neuron &lt;b&gt;%1&lt;/b&gt; (click another in the grid or the diagram, or select it with the arrow keys): its %2 largest terms:</source>
        <translation>Ausgabeneuron &lt;b&gt;%1&lt;/b&gt; (ein anderes im Raster oder im Diagramm anklicken oder mit den Pfeiltasten wählen): seine %2 größten Terme:</translation>
    </message>
    <message>
        <source>Hidden neuron &lt;b&gt;%1&lt;/b&gt; (click another in the grid or the diagram, or select it with the arrow keys): its %2 largest terms:</source>
        <translation>Verborgenes Neuron &lt;b&gt;%1&lt;/b&gt; (ein anderes im Raster oder im Diagramm anklicken oder mit den Pfeiltasten wählen): seine %2 größten Terme:</translation>
    </message>
    <message>
        <source>Nothing to put on a worksheet yet: choose an image and a model of a dense network first.</source>
        <translation>Noch nichts für ein Arbeitsblatt: wähle zuerst ein Bild und ein Modell eines dichten Netzes.</translation>
    </message>
    <message>
        <source>%1 image %2</source>
        <translation>%1-Bild %2</translation>
    </message>
    <message>
        <source>Export worksheet</source>
        <translation>Arbeitsblatt exportieren</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Backprop Lab worksheet: %1</source>
        <translation>Backprop-Lab-Arbeitsblatt: %1</translation>
    </message>
    <message>
        <source>Network %1. Label: class %2 (output neuron %3). Learning rate η = %4. Numbers to 4 significant digits; compute the empty boxes.</source>
        <translation>Netz %1. Label: Klasse %2 (Ausgabeneuron %3). Lernrate η = %4. Zahlen auf 4 signifikante Stellen; berechne die leeren Kästchen.</translation>
    </message>
    <message>
        <source>Input x: %1 pixel values</source>
        <translation>Eingabe x: %1 Pixelwerte</translation>
    </message>
    <message>
        <source>%1 of them not 0, from %2 to %3 (pixel i is row (i - 1) / 28, column (i - 1) mod 28, from 1)</source>
        <translation>%1 davon nicht 0, von %2 bis %3 (Pixel i ist Zeile (i - 1) / 28, Spalte (i - 1) mod 28, ab 1)</translation>
    </message>
    <message>
        <source>Layer %1: hidden, %2 neurons, %3 (a few of them)</source>
        <translation>Schicht %1: verdeckt, %2 Neuronen, %3 (einige davon)</translation>
    </message>
    <message>
        <source>z = Σ w·a + b (a of the layer before; x for layer 1); a = f(z); δ = (Σ over the next layer of w·δ) · f&apos;(z)</source>
        <translation>z = Σ w·a + b (a der Schicht davor; x für Schicht 1); a = f(z); δ = (Σ über die nächste Schicht von w·δ) · f&apos;(z)</translation>
    </message>
    <message>
        <source>Σ w·a</source>
        <translation>Σ w·a</translation>
    </message>
    <message>
        <source>b</source>
        <translation>b</translation>
    </message>
    <message>
        <source>z</source>
        <translation>z</translation>
    </message>
    <message>
        <source>f&apos;(z)</source>
        <translation>f&apos;(z)</translation>
    </message>
    <message>
        <source>Σ w·δ next</source>
        <translation>Σ w·δ danach</translation>
    </message>
    <message>
        <source>δ</source>
        <translation>δ</translation>
    </message>
    <message>
        <source>Layer %1: output, %2 neurons, SoftMax</source>
        <translation>Schicht %1: Ausgabe, %2 Neuronen, SoftMax</translation>
    </message>
    <message>
        <source>z = Σ w·a + b;  p = e^z / Σ e^z with Σ e^z = %1;  δ = p − y</source>
        <translation>z = Σ w·a + b;  p = e^z / Σ e^z mit Σ e^z = %1;  δ = p − y</translation>
    </message>
    <message>
        <source>overflow (use e^(z − max z))</source>
        <translation>Überlauf (rechne mit e^(z − max z))</translation>
    </message>
    <message>
        <source>z (logit)</source>
        <translation>z (Logit)</translation>
    </message>
    <message>
        <source>e^z</source>
        <translation>e^z</translation>
    </message>
    <message>
        <source>p</source>
        <translation>p</translation>
    </message>
    <message>
        <source>y</source>
        <translation>y</translation>
    </message>
    <message>
        <source>δ = p − y</source>
        <translation>δ = p − y</translation>
    </message>
    <message>
        <source>overflow</source>
        <translation>Überlauf</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>Verlust</translation>
    </message>
    <message>
        <source>L = −ln p of the label</source>
        <translation>L = −ln p des Labels</translation>
    </message>
    <message>
        <source>label (class)</source>
        <translation>Label (Klasse)</translation>
    </message>
    <message>
        <source>p of the label</source>
        <translation>p des Labels</translation>
    </message>
    <message>
        <source>L</source>
        <translation>L</translation>
    </message>
    <message>
        <source>One SGD step on this image, η = %1 (a few weights)</source>
        <translation>Ein SGD-Schritt mit diesem Bild, η = %1 (einige Gewichte)</translation>
    </message>
    <message>
        <source>dL/dw = δ of the row&apos;s neuron · the column&apos;s input;  Δw = −η · dL/dw;  w after = w + Δw</source>
        <translation>dL/dw = δ des Neurons der Zeile · Eingabe der Spalte;  Δw = −η · dL/dw;  w danach = w + Δw</translation>
    </message>
    <message>
        <source>δ of row</source>
        <translation>δ der Zeile</translation>
    </message>
    <message>
        <source>input</source>
        <translation>Eingabe</translation>
    </message>
    <message>
        <source>dL/dw</source>
        <translation>dL/dw</translation>
    </message>
    <message>
        <source>Δw</source>
        <translation>Δw</translation>
    </message>
    <message>
        <source>w before</source>
        <translation>w vorher</translation>
    </message>
    <message>
        <source>w after</source>
        <translation>w danach</translation>
    </message>
    <message>
        <source>W%1 row %2, column %3</source>
        <translation>W%1 Zeile %2, Spalte %3</translation>
    </message>
    <message>
        <source>test image %1</source>
        <translation>Testbild %1</translation>
    </message>
    <message>
        <source>training image %1</source>
        <translation>Trainingsbild %1</translation>
    </message>
    <message>
        <source>Answers: %1</source>
        <translation>Lösungen: %1</translation>
    </message>
    <message>
        <source>Name: ______________________________    Date: ______________</source>
        <translation>Name: ______________________________    Datum: ______________</translation>
    </message>
    <message>
        <source>The blanks: %1</source>
        <translation>Die leeren Kästchen: %1</translation>
    </message>
    <message>
        <source>%1: cannot write: %2</source>
        <translation>%1: kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>%1: cannot write a PDF there</source>
        <translation>%1: dort kann kein PDF geschrieben werden</translation>
    </message>
    <message>
        <source>%1: the PDF could not be finished</source>
        <translation>%1: das PDF konnte nicht fertiggestellt werden</translation>
    </message>
</context>
<context>
    <name>bplab::ActivationStrip</name>
    <message>
        <source>No sample yet.</source>
        <translation>Noch kein Beispiel.</translation>
    </message>
    <message>
        <source>None of %1 neurons active</source>
        <translation>Keines der %1 Neuronen aktiv</translation>
    </message>
    <message>
        <source>%1 of %2 neurons active, the largest a = %3 (neuron %4)</source>
        <translation>%1 von %2 Neuronen aktiv, das größte a = %3 (Neuron %4)</translation>
    </message>
    <message>
        <source>the hidden activations</source>
        <translation>die verborgenen Aktivierungen</translation>
    </message>
    <message>
        <source>%1 neurons, a from %2 to %3 (the largest: neuron %4)</source>
        <translation>%1 Neuronen, a von %2 bis %3 (das größte: Neuron %4)</translation>
    </message>
    <message>
        <source>The hidden layers for that sample, a strip per layer: one cell per neuron, darker the larger its activation %1; blank cells are neurons this digit leaves silent</source>
        <translation>Die verdeckten Schichten für dieses Beispiel, ein Streifen je Schicht: eine Zelle je Neuron, umso dunkler, je größer seine Aktivierung %1; leere Zellen sind Neuronen, die diese Ziffer still lässt</translation>
    </message>
    <message>
        <source>The hidden layers for that sample, a strip per layer: one cell per neuron, darker the larger the size of its activation %1; negative values in orange</source>
        <translation>Die verdeckten Schichten für dieses Beispiel, ein Streifen je Schicht: eine Zelle je Neuron, umso dunkler, je größer der Betrag seiner Aktivierung %1; negative Werte in Orange</translation>
    </message>
    <message>
        <source>Hidden layer %1: %2.</source>
        <translation>Verdeckte Schicht %1: %2.</translation>
    </message>
    <message>
        <source>Hidden layer %1: %2 %3 neurons, a%1 from %4 to %5</source>
        <translation>Verdeckte Schicht %1: %2 %3-Neuronen, a%1 von %4 bis %5</translation>
    </message>
    <message>
        <source>Hidden layer %1: %2 of %3 %4 neurons active, largest a%1 = %5</source>
        <translation>Verdeckte Schicht %1: %2 von %3 %4-Neuronen aktiv, größtes a%1 = %5</translation>
    </message>
    <message>
        <source>hidden layer</source>
        <translation>verdeckte Schicht</translation>
    </message>
    <message>
        <source>neuron</source>
        <translation>Neuron</translation>
    </message>
    <message>
        <source>activation a</source>
        <translation>Aktivierung a</translation>
    </message>
    <message>
        <source>Hidden layers</source>
        <translation>Verdeckte Schichten</translation>
    </message>
</context>
<context>
    <name>bplab::AutoSnapshotDialog</name>
    <message>
        <source>Automatic snapshots</source>
        <translation>Automatische Schnappschüsse</translation>
    </message>
    <message>
        <source>&amp;Save the training state by itself</source>
        <translation>Den Trainingsstand selbsttätig &amp;speichern</translation>
    </message>
    <message>
        <source>While training, on every pause and when the window closes; File &gt; Resume last run continues from the newest one</source>
        <translation>Während des Trainings, bei jeder Pause und beim Schließen des Fensters; Datei &gt; Letzten Lauf fortsetzen macht beim neuesten weiter</translation>
    </message>
    <message>
        <source>Where the snapshots are written (created when needed)</source>
        <translation>Wohin die Schnappschüsse geschrieben werden (bei Bedarf angelegt)</translation>
    </message>
    <message>
        <source>&amp;Browse...</source>
        <translation>&amp;Durchsuchen...</translation>
    </message>
    <message>
        <source>Snapshot folder</source>
        <translation>Ordner für Schnappschüsse</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source> batches</source>
        <translation> Batches</translation>
    </message>
    <message>
        <source>A snapshot after this many trained batches (never: only by time)</source>
        <translation>Ein Schnappschuss nach so vielen trainierten Batches (nie: nur nach Zeit)</translation>
    </message>
    <message>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <source>A snapshot after this many minutes (never: only by batches)</source>
        <translation>Ein Schnappschuss nach so vielen Minuten (nie: nur nach Batches)</translation>
    </message>
    <message>
        <source>Older snapshots beyond this many are deleted</source>
        <translation>Ältere Schnappschüsse über diese Zahl hinaus werden gelöscht</translation>
    </message>
    <message>
        <source>&amp;Folder:</source>
        <translation>&amp;Ordner:</translation>
    </message>
    <message>
        <source>Every:</source>
        <translation>Alle:</translation>
    </message>
    <message>
        <source>or every:</source>
        <translation>oder alle:</translation>
    </message>
    <message>
        <source>&amp;Keep the newest:</source>
        <translation>Die neuesten &amp;behalten:</translation>
    </message>
</context>
<context>
    <name>bplab::AutoSnapshots</name>
    <message>
        <source>Automatic snapshot not written: %1</source>
        <translation>Automatischer Schnappschuss nicht geschrieben: %1</translation>
    </message>
</context>
<context>
    <name>bplab::BatchMosaic</name>
    <message>
        <source>The mini-batch: each digit marked by the network&apos;s answer before this batch&apos;s update (a tick: right; a cross with the answer given: wrong)</source>
        <translation>Der Mini-Batch: jede Ziffer mit der Antwort des Netzes vor dem Update dieses Batches (dünner grüner Rahmen: richtig; dicker Rahmen mit der gegebenen Antwort: falsch)</translation>
    </message>
    <message>
        <source>No batch trained yet</source>
        <translation>Noch kein Batch trainiert</translation>
    </message>
    <message>
        <source>This batch: %1 digits</source>
        <translation>Dieser Batch: %1 Ziffern</translation>
    </message>
    <message>
        <source>Sample %1 of %2
%3 of %4 right so far</source>
        <translation>Bild %1 von %2
%3 von %4 bisher richtig</translation>
    </message>
    <message>
        <source>Batch: %1 of %2 right
before the update</source>
        <translation>%1 von %2 richtig
vor dem Update</translation>
    </message>
    <message>
        <source>%1, not answered yet</source>
        <translation>%1, noch nicht beantwortet</translation>
    </message>
    <message>
        <source>%1, answered %2, right</source>
        <translation>%1, Antwort %2, richtig</translation>
    </message>
    <message>
        <source>%1, answered %2, wrong</source>
        <translation>%1, Antwort %2, falsch</translation>
    </message>
    <message>
        <source>digit, answer before the update</source>
        <translation>Ziffer, Antwort vor dem Update</translation>
    </message>
</context>
<context>
    <name>bplab::ByHandPanel</name>
    <message>
        <source>By hand: compute this stage&apos;s values yourself</source>
        <translation>Von Hand: die Werte dieser Stufe selbst berechnen</translation>
    </message>
    <message>
        <source>The values to compute are blank on the page until you type them or reveal them</source>
        <translation>Die zu berechnenden Werte bleiben auf der Seite leer, bis Sie sie eingeben oder aufdecken</translation>
    </message>
    <message>
        <source>Right within 0.5 % of the value (3 significant digits).</source>
        <translation>Richtig auf 0,5 % des Werts genau (3 gültige Ziffern).</translation>
    </message>
    <message>
        <source>Type a number, e.g. 0.125 or -1.5e-3.</source>
        <translation>Geben Sie eine Zahl ein, z. B. 0,125 oder -1,5e-3.</translation>
    </message>
    <message>
        <source>Right: %1 = %2.</source>
        <translation>Richtig: %1 = %2.</translation>
    </message>
    <message>
        <source>Revealed: %1 = %2 (%3).</source>
        <translation>Aufgedeckt: %1 = %2 (%3).</translation>
    </message>
    <message>
        <source>Your value of %1</source>
        <translation>Ihr Wert von %1</translation>
    </message>
    <message>
        <source>your value</source>
        <translation>Ihr Wert</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Prüfen</translation>
    </message>
    <message>
        <source>Check %1</source>
        <translation>%1 prüfen</translation>
    </message>
    <message>
        <source>Reveal</source>
        <translation>Aufdecken</translation>
    </message>
    <message>
        <source>Reveal %1</source>
        <translation>%1 aufdecken</translation>
    </message>
    <message>
        <source>Nothing to compute at this stage.</source>
        <translation>Auf dieser Stufe gibt es nichts zu berechnen.</translation>
    </message>
    <message>
        <source>This stage: %1 of %2 right</source>
        <translation>Diese Stufe: %1 von %2 richtig</translation>
    </message>
    <message>
        <source>Wrong: %1 is not %2. How: %3. Try again, or Reveal.</source>
        <translation>Falsch: %1 ist nicht %2. So geht es: %3. Versuche es noch einmal oder decke auf.</translation>
    </message>
    <message>
        <source>Written %1 on worksheets and in a lesson&apos;s list of cells to compute</source>
        <translation>Auf Arbeitsblättern und in der Liste der zu berechnenden Zellen einer Lektion %1 geschrieben</translation>
    </message>
</context>
<context>
    <name>bplab::ClassAccuracyPanel</name>
    <message>
        <source>Test accuracy per class after the last epoch: the share of each class&apos;s test images the network classifies right</source>
        <translation>Testgenauigkeit je Klasse nach der letzten Epoche: der Anteil der Testbilder jeder Klasse, den das Netz richtig einordnet</translation>
    </message>
    <message>
        <source>%1: no test images</source>
        <translation>%1: keine Testbilder</translation>
    </message>
    <message>
        <source>%1: %2 %</source>
        <translation>%1: %2 %</translation>
    </message>
    <message>
        <source>Test accuracy per class, epoch %1</source>
        <translation>Testgenauigkeit je Klasse, Epoche %1</translation>
    </message>
    <message>
        <source>Test accuracy per class</source>
        <translation>Testgenauigkeit je Klasse</translation>
    </message>
    <message>
        <source>after the first epoch</source>
        <translation>nach der ersten Epoche</translation>
    </message>
    <message>
        <source>weakest %1</source>
        <translation>schwächste: %1</translation>
    </message>
    <message>
        <source>class</source>
        <translation>Klasse</translation>
    </message>
    <message>
        <source>test accuracy</source>
        <translation>Testgenauigkeit</translation>
    </message>
    <message>
        <source>no test images</source>
        <translation>keine Testbilder</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>No epoch finished yet.</source>
        <translation>Noch keine Epoche beendet.</translation>
    </message>
    <message>
        <source>After epoch %1; the weakest class is %2.</source>
        <translation>Nach Epoche %1; die schwächste Klasse ist %2.</translation>
    </message>
</context>
<context>
    <name>bplab::ClassPanel</name>
    <message>
        <source>No label</source>
        <translation>Keine Bezeichnung</translation>
    </message>
    <message>
        <source>Label of the selected drawing</source>
        <translation>Bezeichnung der gewählten Zeichnung</translation>
    </message>
    <message>
        <source>&amp;Remove drawing</source>
        <translation>Zeichnung &amp;entfernen</translation>
    </message>
    <message>
        <source>Remove the selected drawing</source>
        <translation>Die gewählte Zeichnung entfernen</translation>
    </message>
    <message>
        <source>&amp;Add labelled drawings to the collection</source>
        <translation>Bezeichnete Zeichnungen zur Sammlung &amp;hinzufügen</translation>
    </message>
    <message>
        <source>Keep the labelled drawings in the Draw view&apos;s collection (its test set and pictures)</source>
        <translation>Die bezeichneten Zeichnungen in der Sammlung der Zeichenansicht behalten (ihr Testsatz und ihre Bilder)</translation>
    </message>
    <message>
        <source>The class&apos;s drawings</source>
        <translation>Die Zeichnungen der Klasse</translation>
    </message>
    <message>
        <source>QR code of the class&apos;s address</source>
        <translation>QR-Code der Adresse der Klasse</translation>
    </message>
    <message>
        <source>Open %1</source>
        <translation>%1 öffnen</translation>
    </message>
    <message>
        <source>The classroom is closed: start it to let the class join.</source>
        <translation>Das Klassenzimmer ist geschlossen: Starten Sie es, damit die Klasse beitreten kann.</translation>
    </message>
    <message>
        <source>Code %1</source>
        <translation>Code %1</translation>
    </message>
    <message>
        <source>S&amp;top the classroom</source>
        <translation>Klassenzimmer &amp;beenden</translation>
    </message>
    <message>
        <source>S&amp;tart the classroom…</source>
        <translation>Klassenzimmer &amp;starten…</translation>
    </message>
    <message>
        <source>1 student joined</source>
        <translation>1 Teilnehmer beigetreten</translation>
    </message>
    <message>
        <source>%1 students joined</source>
        <translation>%1 Teilnehmer beigetreten</translation>
    </message>
    <message>
        <source>no answer</source>
        <translation>keine Antwort</translation>
    </message>
    <message>
        <source>%1 (%2 %)</source>
        <translation>%1 (%2 %)</translation>
    </message>
    <message>
        <source>right</source>
        <translation>richtig</translation>
    </message>
    <message>
        <source>wrong: %1</source>
        <translation>falsch: %1</translation>
    </message>
    <message>
        <source>the Class view</source>
        <translation>die Klassenansicht</translation>
    </message>
    <message>
        <source>1 answer, hidden until the reveal</source>
        <translation>1 Antwort, verborgen bis zur Auflösung</translation>
    </message>
    <message>
        <source>%1 answers, hidden until the reveal</source>
        <translation>%1 Antworten, verborgen bis zur Auflösung</translation>
    </message>
    <message>
        <source>The answer: %1. The class:</source>
        <translation>Die Antwort: %1. Die Klasse:</translation>
    </message>
    <message>
        <source>Digit to ask the class for</source>
        <translation>Ziffer, die die Klasse zeichnen soll</translation>
    </message>
    <message>
        <source>Draw a %1</source>
        <translation>Zeichnet eine %1</translation>
    </message>
    <message>
        <source>The class is asked to draw a %1</source>
        <translation>Die Klasse soll eine %1 zeichnen</translation>
    </message>
    <message>
        <source>En&amp;d the request</source>
        <translation>Aufforderung &amp;aufheben</translation>
    </message>
    <message>
        <source>As&amp;k the class to draw it</source>
        <translation>Die Klasse &amp;zeichnen lassen</translation>
    </message>
    <message>
        <source>The drawings sent for the request are labelled with its digit, ready for the collection</source>
        <translation>Die dafür gesendeten Zeichnungen tragen ihre Ziffer als Bezeichnung, bereit für die Sammlung</translation>
    </message>
    <message>
        <source>%1: %2 of %3 students (%4 %)</source>
        <translation>%1: %2 von %3 Schülern (%4 %)</translation>
    </message>
    <message>
        <source>, the right answer</source>
        <translation>, die richtige Antwort</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>Antwort</translation>
    </message>
    <message>
        <source>Students</source>
        <translation>Schüler</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>Anteil</translation>
    </message>
    <message>
        <source>The class&apos;s answers</source>
        <translation>Die Antworten der Klasse</translation>
    </message>
    <message>
        <source>%1 (right)</source>
        <translation>%1 (richtig)</translation>
    </message>
    <message>
        <source>The answer: %1. Nobody in the class answered.</source>
        <translation>Die Antwort: %1. Niemand in der Klasse hat geantwortet.</translation>
    </message>
</context>
<context>
    <name>bplab::ClassroomDialog</name>
    <message>
        <source>This computer only: %1</source>
        <translation>Nur dieser Computer: %1</translation>
    </message>
    <message>
        <source>Classroom</source>
        <translation>Klassenzimmer</translation>
    </message>
    <message>
        <source>The classroom is open at %1. Stopping it ends every student&apos;s connection.</source>
        <translation>Das Klassenzimmer ist unter %1 offen. Beenden trennt die Verbindung jedes Teilnehmers.</translation>
    </message>
    <message>
        <source>&amp;Stop the classroom</source>
        <translation>Klassenzimmer &amp;beenden</translation>
    </message>
    <message>
        <source>Students join from a browser on the same network, with the code the Class view shows. Nothing listens until you start.</source>
        <translation>Die Klasse tritt aus einem Browser im selben Netz bei, mit dem Code, den die Klassenansicht zeigt. Bis zum Start wartet nichts auf Verbindungen.</translation>
    </message>
    <message>
        <source>&amp;Network:</source>
        <translation>&amp;Netz:</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>&amp;Port:</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Starten</translation>
    </message>
</context>
<context>
    <name>bplab::ClassroomUi</name>
    <message>
        <source>Class</source>
        <translation>Klasse</translation>
    </message>
    <message>
        <source>Classroom…</source>
        <translation>Klassenzimmer…</translation>
    </message>
    <message>
        <source>Let the class join from their browsers, draw digits and see the network&apos;s answers</source>
        <translation>Die Klasse im Browser beitreten, Ziffern zeichnen und die Antworten des Netzes sehen lassen</translation>
    </message>
    <message>
        <source>The classroom cannot listen on %1 port %2: the port is in use, or the address is not this computer&apos;s.</source>
        <translation>Das Klassenzimmer kann nicht auf %1, Port %2 warten: Der Port ist belegt, oder die Adresse gehört nicht zu diesem Computer.</translation>
    </message>
    <message>
        <source>Stop the classroom…</source>
        <translation>Klassenzimmer beenden…</translation>
    </message>
    <message>
        <source>Added 1 drawing to the collection in %1</source>
        <translation>1 Zeichnung zur Sammlung in %1 hinzugefügt</translation>
    </message>
    <message>
        <source>Added %1 drawings to the collection in %2</source>
        <translation>%1 Zeichnungen zur Sammlung in %2 hinzugefügt</translation>
    </message>
</context>
<context>
    <name>bplab::ClusterPage</name>
    <message>
        <source>Load a data set first: the ranks train on the app&apos;s data folder.</source>
        <translation>Laden Sie zuerst einen Datensatz: die Ranks trainieren auf dem Datenordner der App.</translation>
    </message>
    <message>
        <source>Running one epoch: %1</source>
        <translation>Eine Epoche läuft: %1</translation>
    </message>
    <message>
        <source>Still reading the previous trace; try again in a moment.</source>
        <translation>Die vorige Aufzeichnung wird noch gelesen; versuchen Sie es gleich noch einmal.</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>Lese %1…</translation>
    </message>
    <message>
        <source>Read %1.</source>
        <translation>%1 gelesen.</translation>
    </message>
</context>
<context>
    <name>bplab::CompareRunner</name>
    <message>
        <source>evaluated</source>
        <translation>ausgewertet</translation>
    </message>
</context>
<context>
    <name>bplab::CompareView</name>
    <message>
        <source>e.g. 128, 32,16, 0 or dense 128, dropout 0.25</source>
        <translation>z. B. 128, 32,16, 0 oder dense 128, dropout 0.25</translation>
    </message>
    <message>
        <source>Hidden layers and their widths: &quot;128&quot; is one layer of 128 neurons, &quot;256,128&quot; two layers, &quot;0&quot; none (a linear model). 1 to 1,024 neurons each. Or a list of layers as --layers writes it: &quot;dense 128, dropout 0.25&quot;, &quot;conv 8 5x5, pool 2, dense 64&quot;.</source>
        <translation>Verdeckte Schichten und ihre Breiten: „128“ ist eine Schicht aus 128 Neuronen, „256,128“ zwei Schichten, „0“ keine (ein lineares Modell). Je 1 bis 1.024 Neuronen. Oder eine Liste von Schichten, wie --layers sie schreibt: „dense 128, dropout 0.25“, „conv 8 5x5, pool 2, dense 64“.</translation>
    </message>
    <message>
        <source>L2 weight decay lambda: every gradient gets + lambda w, which pulls the weights towards 0 (0: none; 0.0005 is common)</source>
        <translation>L2-Weight-Decay lambda: jeder Gradient erhält + lambda w, was die Gewichte zu 0 zieht (0: keiner; 0,0005 ist üblich)</translation>
    </message>
    <message>
        <source>Weight decay</source>
        <translation>Weight Decay</translation>
    </message>
    <message>
        <source>Training accuracy</source>
        <translation>Trainingsgenauigkeit</translation>
    </message>
    <message>
        <source>Training minus test accuracy</source>
        <translation>Trainings- minus Testgenauigkeit</translation>
    </message>
    <message>
        <source>training accuracy (%)</source>
        <translation>Trainingsgenauigkeit (%)</translation>
    </message>
    <message>
        <source>training minus test accuracy (points)</source>
        <translation>Trainings- minus Testgenauigkeit (Punkte)</translation>
    </message>
    <message>
        <source>%1 points</source>
        <translation>%1 Punkte</translation>
    </message>
    <message>
        <source>L&amp;2 weight decay</source>
        <translation>L&amp;2-Weight-Decay</translation>
    </message>
    <message>
        <source>Weight decay &quot;%1&quot;: a number from 0 to 1 (0: none; e.g. 0.0005).</source>
        <translation>Weight Decay „%1“: eine Zahl von 0 bis 1 (0: keiner; z. B. 0,0005).</translation>
    </message>
    <message>
        <source>Hidden layers</source>
        <translation>Verdeckte Schichten</translation>
    </message>
    <message>
        <source>The hidden layers&apos; activation; the initial weights follow it (He for ReLU, Xavier for sigmoid and tanh)</source>
        <translation>Die Aktivierung der verdeckten Schichten; die Anfangsgewichte folgen ihr (He für ReLU, Xavier für Sigmoid und tanh)</translation>
    </message>
    <message>
        <source>Activation</source>
        <translation>Aktivierung</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>Lernrate</translation>
    </message>
    <message>
        <source>Epochs</source>
        <translation>Epochen</translation>
    </message>
    <message>
        <source>Add r&amp;un</source>
        <translation>Lauf hinzu&amp;fügen</translation>
    </message>
    <message>
        <source>Train this network on the same data, seed and batch size as the others; the runs train one after the other</source>
        <translation>Dieses Netz auf denselben Daten, mit demselben Seed und derselben Batchgröße wie die anderen trainieren; die Läufe trainieren nacheinander</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Anhalten</translation>
    </message>
    <message>
        <source>Stop the run that is training and the ones waiting</source>
        <translation>Den laufenden und die wartenden Läufe anhalten</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Remove every run</source>
        <translation>Alle Läufe entfernen</translation>
    </message>
    <message>
        <source>Hidden la&amp;yers</source>
        <translation>Verde&amp;ckte Schichten</translation>
    </message>
    <message>
        <source>Activatio&amp;n</source>
        <translation>A&amp;ktivierung</translation>
    </message>
    <message>
        <source>l&amp;r</source>
        <translation>L&amp;R</translation>
    </message>
    <message>
        <source>Ep&amp;ochs</source>
        <translation>Ep&amp;ochen</translation>
    </message>
    <message>
        <source>epoch</source>
        <translation>Epoche</translation>
    </message>
    <message>
        <source>test accuracy (%)</source>
        <translation>Testgenauigkeit (%)</translation>
    </message>
    <message>
        <source>Runs compared</source>
        <translation>Verglichene Läufe</translation>
    </message>
    <message>
        <source>run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>network</source>
        <translation>Netz</translation>
    </message>
    <message>
        <source>status</source>
        <translation>Stand</translation>
    </message>
    <message>
        <source>class %1</source>
        <translation>Klasse %1</translation>
    </message>
    <message>
        <source>Four runs are shown: Clear them to compare others.</source>
        <translation>Vier Läufe werden gezeigt: „Löschen“ macht Platz für andere.</translation>
    </message>
    <message>
        <source>Add two or more runs: each trains its own network on the same data, with the same seed and batch size, so that only what you chose differs.</source>
        <translation>Fügen Sie zwei oder mehr Läufe hinzu: Jeder trainiert sein eigenes Netz auf denselben Daten, mit demselben Seed und derselben Batchgröße, sodass sich nur unterscheidet, was Sie gewählt haben.</translation>
    </message>
    <message>
        <source>No runs yet.</source>
        <translation>Noch keine Läufe.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: %2 after epoch %3</source>
        <translation>%1: %2 nach Epoche %3</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>the weakest class of this run</source>
        <translation>die schwächste Klasse dieses Laufs</translation>
    </message>
    <message>
        <source>Test accuracy</source>
        <translation>Testgenauigkeit</translation>
    </message>
    <message>
        <source>Test loss</source>
        <translation>Testverlust</translation>
    </message>
    <message>
        <source>Training loss</source>
        <translation>Trainingsverlust</translation>
    </message>
    <message>
        <source>Plot shows</source>
        <translation>Diagramm zeigt</translation>
    </message>
    <message>
        <source>Sho&amp;w</source>
        <translation>Zei&amp;gen</translation>
    </message>
    <message>
        <source>The runs after each epoch</source>
        <translation>Die Läufe nach jeder Epoche</translation>
    </message>
    <message>
        <source>test loss</source>
        <translation>Testverlust</translation>
    </message>
    <message>
        <source>training loss</source>
        <translation>Trainingsverlust</translation>
    </message>
    <message>
        <source>First-layer gradient</source>
        <translation>Gradient der ersten Schicht</translation>
    </message>
    <message>
        <source>First-layer gradient per weight</source>
        <translation>Gradient der ersten Schicht je Gewicht</translation>
    </message>
    <message>
        <source>test
accuracy</source>
        <translation>Test-
genauigkeit</translation>
    </message>
    <message>
        <source>training
time</source>
        <translation>Trainings-
zeit</translation>
    </message>
    <message>
        <source>test accuracy on the images of class %1, in percent</source>
        <translation>Testgenauigkeit auf den Bildern der Klasse %1, in Prozent</translation>
    </message>
    <message>
        <source>first-layer gradient, RMS(dL/dW1)</source>
        <translation>Gradient der ersten Schicht, RMS(dL/dW1)</translation>
    </message>
    <message>
        <source>new weights</source>
        <translation>neue Gewichte</translation>
    </message>
    <message>
        <source>New weights train from batch 0; the shown batch&apos;s weights go on from where the training&apos;s timeline shows them, with this run&apos;s settings (784-128-10 only)</source>
        <translation>Neue Gewichte trainieren ab Batch 0; die Gewichte des gezeigten Batches trainieren dort weiter, wo die Zeitleiste des Trainings sie zeigt, mit den Einstellungen dieses Laufs (nur 784-128-10)</translation>
    </message>
    <message>
        <source>Starting weights</source>
        <translation>Startgewichte</translation>
    </message>
    <message>
        <source>Startin&amp;g from</source>
        <translation>Startp&amp;unkt</translation>
    </message>
    <message>
        <source>batch %L1 (epoch %2)</source>
        <translation>Batch %L1 (Epoche %2)</translation>
    </message>
    <message>
        <source>the shown batch</source>
        <translation>der gezeigte Batch</translation>
    </message>
    <message>
        <source>The shown batch is in epoch %1: a run from there needs at least %2 epochs.</source>
        <translation>Der gezeigte Batch liegt in Epoche %1: Ein Lauf ab dort braucht mindestens %2 Epochen.</translation>
    </message>
    <message>
        <source>How each batch&apos;s gradient moves the weights: plain SGD as the source trains, SGD with momentum, or Adam (which usually wants lr 0.001)</source>
        <translation>Wie der Gradient jedes Batches die Gewichte bewegt: einfaches SGD wie in der Quelle, SGD mit Momentum oder Adam (meist mit lr 0,001)</translation>
    </message>
    <message>
        <source>Optimiser</source>
        <translation>Optimierer</translation>
    </message>
    <message>
        <source>Opti&amp;miser</source>
        <translation>Opti&amp;mierer</translation>
    </message>
    <message>
        <source>Adam</source>
        <translation>Adam</translation>
    </message>
    <message>
        <source>momentum %1</source>
        <translation>Momentum %1</translation>
    </message>
    <message>
        <source>plain SGD</source>
        <translation>einfaches SGD</translation>
    </message>
    <message>
        <source>Adam usually trains at lr 0.001; at lr %1 it may not learn at all.</source>
        <translation>Adam trainiert meist mit lr 0,001; bei lr %1 lernt es womöglich gar nicht.</translation>
    </message>
    <message>
        <source>Loss per batch</source>
        <translation>Verlust je Batch</translation>
    </message>
    <message>
        <source>batch loss (mean of %1)</source>
        <translation>Batch-Verlust (Mittel aus %1)</translation>
    </message>
    <message>
        <source>%1: %2 at epoch %3</source>
        <translation>%1: %2 bei Epoche %3</translation>
    </message>
    <message>
        <source>What the plot shows after each epoch: the test set&apos;s accuracy or loss, the mean loss of the epoch&apos;s training batches or how large the first layer&apos;s weight gradients were; each run&apos;s first-layer gradient per weight as pictures; or every batch&apos;s loss</source>
        <translation>Was das Diagramm nach jeder Epoche zeigt: Genauigkeit oder Verlust des Testsatzes, den mittleren Verlust der Trainingsbatches der Epoche oder wie groß die Gradienten der Gewichte der ersten Schicht waren; den Gradienten der ersten Schicht jedes Laufs je Gewicht als Bilder; oder den Verlust jedes Batches</translation>
    </message>
    <message>
        <source>Only a %1-10 network can go on from the training&apos;s weights: hidden layers %2.</source>
        <translation>Nur ein %1-10-Netz kann mit den Gewichten des Trainings weitertrainieren: verdeckte Schichten %2.</translation>
    </message>
    <message>
        <source>the compared runs</source>
        <translation>die verglichenen Läufe</translation>
    </message>
</context>
<context>
    <name>bplab::ConfusionMatrixPanel</name>
    <message>
        <source>the confusion matrix</source>
        <translation>die Konfusionsmatrix</translation>
    </message>
    <message>
        <source>Confusion matrix</source>
        <translation>Konfusionsmatrix</translation>
    </message>
    <message>
        <source>Confusion matrix: no test set evaluated yet</source>
        <translation>Konfusionsmatrix: noch kein Testsatz ausgewertet</translation>
    </message>
    <message>
        <source>Confusion matrix: %1 test images, %2 right</source>
        <translation>Konfusionsmatrix: %1 Testbilder, %2 richtig</translation>
    </message>
    <message>
        <source>of the row</source>
        <translation>der Zeile</translation>
    </message>
    <message>
        <source>predicted class</source>
        <translation>vorhergesagte Klasse</translation>
    </message>
    <message>
        <source>true class</source>
        <translation>wahre Klasse</translation>
    </message>
    <message>
        <source>right</source>
        <translation>richtig</translation>
    </message>
    <message>
        <source>True %1, predicted %2: %3 images (%4 of the %1s). Click to see them.</source>
        <translation>Wahr %1, vorhergesagt %2: %3 Bilder (%4 der %1er). Klicken zeigt sie.</translation>
    </message>
    <message>
        <source>predicted %1</source>
        <translation>erkannt %1</translation>
    </message>
    <message>
        <source>true %1</source>
        <translation>wahr %1</translation>
    </message>
    <message>
        <source>Most frequent mistake: a true %2 taken for %3, %1 times</source>
        <translation>Häufigster Fehler: %1-mal wahre %2 als %3 erkannt</translation>
    </message>
</context>
<context>
    <name>bplab::ControlBar</name>
    <message>
        <source>Training</source>
        <translation>Training</translation>
    </message>
    <message>
        <source>The data set to train on: the ones found on this computer, or &quot;Open folder...&quot; for a folder with MNIST-style IDX files</source>
        <translation>Der Datensatz für das Training: die auf diesem Computer gefundenen oder „Ordner öffnen...“ für einen Ordner mit IDX-Dateien im MNIST-Format</translation>
    </message>
    <message>
        <source>Open folder...</source>
        <translation>Ordner öffnen...</translation>
    </message>
    <message>
        <source>&amp;Data</source>
        <translation>Date&amp;n</translation>
    </message>
    <message>
        <source>Source: plain SGD at a constant learning rate, pixels scaled to 0-1 (the method as taught).
Tuned: momentum 0.9, a cosine learning-rate schedule and standardised pixels.
Adam: the source&apos;s recipe with the Adam optimiser at learning rate 0.001.
Choosing one sets the learning rate, batch size and epochs; press Reset to apply.</source>
        <translation>Quelle: einfaches SGD mit fester Lernrate, Pixel auf 0-1 skaliert (das Verfahren, wie es gelehrt wird).
Tuning: Momentum 0,9, eine Kosinus-Lernratenkurve und standardisierte Pixel.
Adam: das Rezept der Quelle mit dem Adam-Optimierer bei Lernrate 0,001.
Die Wahl setzt Lernrate, Batchgröße und Epochen; „Neustart“ wendet sie an.</translation>
    </message>
    <message>
        <source>Re&amp;cipe</source>
        <translation>Re&amp;zept</translation>
    </message>
    <message>
        <source>Learning rate: delta_w = -(learning rate) x gradient.
May change at any time, also while training.</source>
        <translation>Lernrate: delta_w = -(Lernrate) x Gradient.
Darf sich jederzeit ändern, auch während des Trainings.</translation>
    </message>
    <message>
        <source>&amp;LR</source>
        <translation>&amp;LR</translation>
    </message>
    <message>
        <source>Mini-batch size: images per update; their gradients are averaged.
Takes effect on Reset.</source>
        <translation>Mini-Batch-Größe: Bilder je Aktualisierung; ihre Gradienten werden gemittelt.
Wirkt nach „Neustart“.</translation>
    </message>
    <message>
        <source>&amp;Batch</source>
        <translation>&amp;Batch</translation>
    </message>
    <message>
        <source>Epochs: passes over the whole training set. Takes effect on Reset.</source>
        <translation>Epochen: Durchläufe über den ganzen Trainingssatz. Wirkt nach „Neustart“.</translation>
    </message>
    <message>
        <source>&amp;Epochs</source>
        <translation>&amp;Epochen</translation>
    </message>
    <message>
        <source>Seed of the initial weights and the shuffling: the same seed gives the same numbers every time. Takes effect on Reset.</source>
        <translation>Startwert der Anfangsgewichte und der Mischung: derselbe Startwert ergibt jedes Mal dieselben Zahlen. Wirkt nach „Neustart“.</translation>
    </message>
    <message>
        <source>See&amp;d</source>
        <translation>&amp;Seed</translation>
    </message>
    <message>
        <source>&amp;Augment</source>
        <translation>&amp;Variieren</translation>
    </message>
    <message>
        <source>Augmentation: each training image is shifted (up to 2 pixels), rotated (up to 10 degrees) and scaled (up to 10%) at random, anew every epoch, so that drawn digits are recognised better. Off in the source&apos;s recipe. Takes effect on Reset.</source>
        <translation>Datenvariation: jedes Trainingsbild wird zufällig verschoben (bis 2 Pixel), gedreht (bis 10 Grad) und skaliert (bis 10 %), in jeder Epoche neu, damit gezeichnete Ziffern besser erkannt werden. Im Rezept der Quelle aus. Wirkt nach „Neustart“.</translation>
    </message>
    <message>
        <source>  Reset (Ctrl+R) to apply</source>
        <translation>  Neustart (Strg+R) wendet an</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Tuned</source>
        <translation>Tuning</translation>
    </message>
    <message>
        <source>Adam</source>
        <translation>Adam</translation>
    </message>
    <message>
        <source>Data-parallel replicas: each computes the gradient of its own batch, an all-reduce averages them, and every replica applies the same update (global batch = replicas x batch). The Data parallel view shows each replica&apos;s gradient. Takes effect on Reset.</source>
        <translation>Datenparallele Repliken: jede berechnet den Gradienten ihres eigenen Batches, ein All-Reduce mittelt sie, und jede Replik wendet dieselbe Aktualisierung an (globaler Batch = Repliken x Batch). Die Ansicht „Datenparallel“ zeigt den Gradienten jeder Replik. Wirkt nach „Neustart“.</translation>
    </message>
    <message>
        <source>Re&amp;plicas</source>
        <translation>Re&amp;pliken</translation>
    </message>
    <message>
        <source>Pa&amp;ce</source>
        <translation>&amp;Tempo</translation>
    </message>
    <message>
        <source>all</source>
        <translation>alle</translation>
    </message>
    <message>
        <source>Training images: train on all of the training set or on this many of its images, drawn evenly from every class. With few images the network learns them by heart: the training set&apos;s accuracy reaches 100 % while the test set&apos;s stays behind. Takes effect on Reset.</source>
        <translation>Trainingsbilder: auf dem ganzen Trainingssatz trainieren oder auf so vielen seiner Bilder, gleichmäßig aus jeder Klasse gezogen. Mit wenigen Bildern lernt das Netz sie auswendig: die Genauigkeit auf dem Trainingssatz erreicht 100 %, während die auf dem Testsatz zurückbleibt. Wirkt nach Zurücksetzen.</translation>
    </message>
    <message>
        <source>&amp;Images</source>
        <translation>B&amp;ilder</translation>
    </message>
    <message>
        <source>Batch size, replicas, epochs, training images, seed and recipe change the run from its start: press Reset to re-initialise with them.</source>
        <translation>Batch-Größe, Replikate, Epochen, Trainingsbilder, Seed und Rezept ändern den Lauf von Anfang an: Zurücksetzen initialisiert mit ihnen neu.</translation>
    </message>
    <message>
        <source>Training &amp;images</source>
        <translation>Trainingsbil&amp;der</translation>
    </message>
    <message>
        <source>All images</source>
        <translation>Alle Bilder</translation>
    </message>
    <message>
        <source>%1 images</source>
        <translation>%1 Bilder</translation>
    </message>
    <message>
        <source>Networ&amp;k</source>
        <translation>Net&amp;z</translation>
    </message>
    <message>
        <source>Au&amp;gment training images</source>
        <translation>Trainingsbilder vari&amp;ieren</translation>
    </message>
</context>
<context>
    <name>bplab::ConvFilterPanel</name>
    <message>
        <source>%1 (layer %2): %3 kernels of %4 x %5 x %5</source>
        <translation>%1 (Schicht %2): %3 Kerne zu %4 x %5 x %5</translation>
    </message>
    <message>
        <source>W from %1 to %2</source>
        <translation>W von %1 bis %2</translation>
    </message>
    <message>
        <source>dL/dW: no batch yet</source>
        <translation>dL/dW: noch kein Batch</translation>
    </message>
    <message>
        <source>dL/dW from %1 to %2</source>
        <translation>dL/dW von %1 bis %2</translation>
    </message>
    <message>
        <source>No convolution layer.</source>
        <translation>Keine Faltungsschicht.</translation>
    </message>
    <message>
        <source>%1; %2; %3.</source>
        <translation>%1; %2; %3.</translation>
    </message>
    <message>
        <source>Convolution kernels: no convolution layer</source>
        <translation>Faltungskerne: keine Faltungsschicht</translation>
    </message>
    <message>
        <source>the convolution kernels</source>
        <translation>die Faltungskerne</translation>
    </message>
    <message>
        <source>layer</source>
        <translation>Schicht</translation>
    </message>
    <message>
        <source>output channel</source>
        <translation>Ausgabekanal</translation>
    </message>
    <message>
        <source>input channel</source>
        <translation>Eingabekanal</translation>
    </message>
    <message>
        <source>kernel w, row by row</source>
        <translation>Kern w, Zeile für Zeile</translation>
    </message>
    <message>
        <source>gradient dL/dw, row by row</source>
        <translation>Gradient dL/dw, Zeile für Zeile</translation>
    </message>
    <message>
        <source>%1 (layer %2)</source>
        <translation>%1 (Schicht %2)</translation>
    </message>
    <message>
        <source>The convolution kernels (W) and their gradients of the last batch (dL/dW): a column per output channel, a row per input channel (the other way round where that gives larger pictures); blue negative, white 0, red positive, each grid scaled to its largest |value|. One layer at a time: the arrows in the corner show the others.</source>
        <translation>Die Faltungskerne (W) und ihre Gradienten des letzten Batches (dL/dW): eine Spalte je Ausgabekanal, eine Zeile je Eingabekanal (andersherum, wo das größere Bilder ergibt); blau negativ, weiß 0, rot positiv, jedes Raster auf seinen größten |Wert| skaliert. Eine Schicht auf einmal: die Pfeile in der Ecke zeigen die anderen.</translation>
    </message>
</context>
<context>
    <name>bplab::DatasetModel</name>
    <message>
        <source>%1 image %2: label %3</source>
        <translation>%1, Bild %2: Label %3</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>Test</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>Training</translation>
    </message>
    <message>
        <source>%1; the network says %2 (p = %3), loss %4</source>
        <translation>%1; das Netz sagt %2 (p = %3), Verlust %4</translation>
    </message>
    <message>
        <source>%1, from %2</source>
        <translation>%1, aus %2</translation>
    </message>
</context>
<context>
    <name>bplab::DatasetView</name>
    <message>
        <source>Double-click an image (or press Enter) to step through it in the Step view</source>
        <translation>Doppelklick auf ein Bild (oder Eingabetaste) geht es in der Ansicht „Schritt für Schritt“ durch</translation>
    </message>
    <message>
        <source>Training set</source>
        <translation>Trainingssatz</translation>
    </message>
    <message>
        <source>Show the training images</source>
        <translation>Die Trainingsbilder zeigen</translation>
    </message>
    <message>
        <source>Test set</source>
        <translation>Testsatz</translation>
    </message>
    <message>
        <source>Show the test images (never trained on)</source>
        <translation>Die Testbilder zeigen (nie zum Training benutzt)</translation>
    </message>
    <message>
        <source>Clas&amp;s:</source>
        <translation>&amp;Klasse:</translation>
    </message>
    <message>
        <source>Show only the images of one class</source>
        <translation>Nur die Bilder einer Klasse zeigen</translation>
    </message>
    <message>
        <source>Ima&amp;ge:</source>
        <translation>Bildn&amp;ummer:</translation>
    </message>
    <message>
        <source>The index of an image in the set; Enter jumps to it</source>
        <translation>Der Index eines Bildes im Satz; die Eingabetaste springt dorthin</translation>
    </message>
    <message>
        <source>Go</source>
        <translation>Los</translation>
    </message>
    <message>
        <source>Select and show the image with this index</source>
        <translation>Das Bild mit diesem Index auswählen und zeigen</translation>
    </message>
    <message>
        <source>Size:</source>
        <translation>Größe:</translation>
    </message>
    <message>
        <source>Screen pixels per image pixel</source>
        <translation>Bildschirmpixel je Bildpixel</translation>
    </message>
    <message>
        <source>Step through this image</source>
        <translation>Dieses Bild Schritt für Schritt</translation>
    </message>
    <message>
        <source>Open the selected image in the Step view (or double-click it)</source>
        <translation>Das gewählte Bild in der Ansicht „Schritt für Schritt“ öffnen (oder Doppelklick)</translation>
    </message>
    <message>
        <source>All classes</source>
        <translation>Alle Klassen</translation>
    </message>
    <message>
        <source>There is no image %1 in the %2 set (it holds %3 images: 0 to %4).</source>
        <translation>Im %2-Satz gibt es kein Bild %1 (er enthält %3 Bilder: 0 bis %4).</translation>
    </message>
    <message>
        <source>test</source>
        <translation>Test</translation>
    </message>
    <message>
        <source>training</source>
        <translation>Trainings</translation>
    </message>
    <message>
        <source>No data loaded yet.</source>
        <translation>Noch keine Daten geladen.</translation>
    </message>
    <message>
        <source>Showing %1 of %2 %3 images: class %4</source>
        <translation>%1 von %2 Bildern (%3), Klasse %4</translation>
    </message>
    <message>
        <source>Showing all %1 %2 images</source>
        <translation>Alle %1 Bilder (%2)</translation>
    </message>
    <message>
        <source>Training set (%1)</source>
        <translation>Trainingssatz (%1)</translation>
    </message>
    <message>
        <source>Test set (%1)</source>
        <translation>Testsatz (%1)</translation>
    </message>
    <message>
        <source>Labels in the %1 set
%2 images</source>
        <translation>Labels im %1-Satz
%2 Bilder</translation>
    </message>
    <message>
        <source>Click an image to select it; double-click to step through it.</source>
        <translation>Ein Klick wählt ein Bild; ein Doppelklick geht es Schritt für Schritt durch.</translation>
    </message>
    <message>
        <source>%1 image %2, label %3</source>
        <translation>%1, Bild %2, Label %3</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>Test</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>Training</translation>
    </message>
    <message>
        <source>&amp;Misclassified only</source>
        <translation>Nur &amp;falsch eingeordnete</translation>
    </message>
    <message>
        <source>Show only the images the network gets wrong</source>
        <translation>Nur die Bilder zeigen, die das Netz falsch einordnet</translation>
    </message>
    <message>
        <source>P&amp;redicted:</source>
        <translation>V&amp;orhergesagt:</translation>
    </message>
    <message>
        <source>Show only the images the network puts into one class</source>
        <translation>Nur die Bilder zeigen, die das Netz einer Klasse zuordnet</translation>
    </message>
    <message>
        <source>Any class</source>
        <translation>Jede Klasse</translation>
    </message>
    <message>
        <source>&amp;Order:</source>
        <translation>&amp;Reihenfolge:</translation>
    </message>
    <message>
        <source>By index</source>
        <translation>Nach Index</translation>
    </message>
    <message>
        <source>Highest loss first</source>
        <translation>Höchster Verlust zuerst</translation>
    </message>
    <message>
        <source>Most confident first</source>
        <translation>Sicherste zuerst</translation>
    </message>
    <message>
        <source>The network&apos;s answers appear here once there are weights.</source>
        <translation>Die Antworten des Netzes erscheinen hier, sobald es Gewichte gibt.</translation>
    </message>
    <message>
        <source>Computing the network&apos;s answers…</source>
        <translation>Die Antworten des Netzes werden berechnet …</translation>
    </message>
    <message>
        <source>current weights</source>
        <translation>aktuelle Gewichte</translation>
    </message>
    <message>
        <source>Showing %1 of %2 %3 images</source>
        <translation>%1 von %2 Bildern (%3)</translation>
    </message>
    <message>
        <source>Image size</source>
        <translation>Bildgröße</translation>
    </message>
    <message>
        <source>Images of the set</source>
        <translation>Bilder des Datensatzes</translation>
    </message>
    <message>
        <source>%2 of %3 right, answers of the %1</source>
        <translation>%2 von %3 richtig, Antworten (%1)</translation>
    </message>
    <message>
        <source>The network whose answers the images show: the training&apos;s weights (those every view shows), or the latest weights of a run of the Compare view.</source>
        <translation>Das Netz, dessen Antworten die Bilder zeigen: die Gewichte des Trainings (die jede Ansicht zeigt) oder die neuesten Gewichte eines Laufs der Ansicht Vergleichen.</translation>
    </message>
    <message>
        <source>latest weights of %1 (Compare view)</source>
        <translation>neueste Gewichte von %1 (Vergleichen)</translation>
    </message>
    <message>
        <source>%1, from %2</source>
        <translation>%1, aus %2</translation>
    </message>
</context>
<context>
    <name>bplab::DigitPanel</name>
    <message>
        <source>Label: none</source>
        <translation>Label: keins</translation>
    </message>
    <message>
        <source>Label: %1 → neuron %2</source>
        <translation>Label: %1 → Neuron %2</translation>
    </message>
    <message>
        <source>Predicted: –</source>
        <translation>Vorhergesagt: –</translation>
    </message>
    <message>
        <source>Predicted: %1</source>
        <translation>Vorhergesagt: %1</translation>
    </message>
    <message>
        <source>  ✓ right</source>
        <translation>  ✓ richtig</translation>
    </message>
    <message>
        <source>  ✗ wrong</source>
        <translation>  ✗ falsch</translation>
    </message>
    <message>
        <source>No sample yet</source>
        <translation>Noch kein Bild</translation>
    </message>
    <message>
        <source>class</source>
        <translation>Klasse</translation>
    </message>
    <message>
        <source>y</source>
        <translation>y</translation>
    </message>
    <message>
        <source>neuron</source>
        <translation>Neuron</translation>
    </message>
    <message>
        <source>the digit</source>
        <translation>die Ziffer</translation>
    </message>
    <message>
        <source>No sample yet.</source>
        <translation>Noch kein Bild.</translation>
    </message>
    <message>
        <source>%1. One-hot target y: %2. %3.</source>
        <translation>%1. One-hot-Ziel y: %2. %3.</translation>
    </message>
</context>
<context>
    <name>bplab::DistributionPlot</name>
    <message>
        <source>images</source>
        <translation>Bilder</translation>
    </message>
    <message>
        <source>Images per class in this set; click a bar to show only that class</source>
        <translation>Bilder je Klasse in diesem Satz; ein Klick auf einen Balken zeigt nur diese Klasse</translation>
    </message>
    <message>
        <source>class</source>
        <translation>Klasse</translation>
    </message>
</context>
<context>
    <name>bplab::DownloadDialog</name>
    <message>
        <source>Download %1</source>
        <translation>%1 herunterladen</translation>
    </message>
    <message>
        <source>%1 files, %2 in all, into %3. Each file is checked against its size and MD5 before it takes its name; an interrupted download resumes.</source>
        <translation>%1 Dateien, zusammen %2, nach %3. Jede Datei wird gegen Größe und MD5 geprüft, bevor sie ihren Namen bekommt; ein unterbrochener Download wird fortgesetzt.</translation>
    </message>
    <message>
        <source>0 of %1</source>
        <translation>0 von %1</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>wartet</translation>
    </message>
    <message>
        <source>All files</source>
        <translation>Alle Dateien</translation>
    </message>
    <message>
        <source>Try again</source>
        <translation>Erneut versuchen</translation>
    </message>
    <message>
        <source>Start again; complete files are kept and a partial one resumes</source>
        <translation>Neu beginnen; vollständige Dateien bleiben, eine unvollständige wird fortgesetzt</translation>
    </message>
    <message>
        <source>Stop the download and close (the partial file is kept and resumed next time)</source>
        <translation>Den Download anhalten und schließen (die unvollständige Datei bleibt und wird beim nächsten Mal fortgesetzt)</translation>
    </message>
    <message>
        <source>from %1</source>
        <translation>von %1</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>%1 failed: %2; trying the next mirror</source>
        <translation>%1 fehlgeschlagen: %2; versuche den nächsten Spiegelserver</translation>
    </message>
    <message>
        <source>already here, checked</source>
        <translation>schon vorhanden, geprüft</translation>
    </message>
    <message>
        <source>checked (MD5), from %1</source>
        <translation>geprüft (MD5), von %1</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>, %1/s</source>
        <translation>, %1/s</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Cancelled. The partial file is kept; Try again resumes it.</source>
        <translation>Abgebrochen. Die unvollständige Datei bleibt; „Erneut versuchen“ setzt sie fort.</translation>
    </message>
</context>
<context>
    <name>bplab::DrawCanvas</name>
    <message>
        <source>Drawing canvas</source>
        <translation>Zeichenfläche</translation>
    </message>
    <message>
        <source>A picture.</source>
        <translation>Ein Bild.</translation>
    </message>
    <message>
        <source>Empty: draw a digit with the mouse, a pen or a finger, or drop a picture of one.</source>
        <translation>Leer: zeichnen Sie eine Ziffer mit Maus, Stift oder Finger, oder ziehen Sie ein Bild einer Ziffer hierher.</translation>
    </message>
    <message>
        <source>Strokes drawn: %1.</source>
        <translation>Gezeichnete Striche: %1.</translation>
    </message>
</context>
<context>
    <name>bplab::DrawView</name>
    <message>
        <source>Draw a digit here
(mouse, pen or finger)

or drop a picture of one</source>
        <translation>Zeichnen Sie hier eine Ziffer
(Maus, Stift oder Finger)

oder legen Sie ein Bild davon ab</translation>
    </message>
    <message>
        <source>The network&apos;s answer</source>
        <translation>Die Antwort des Netzes</translation>
    </message>
    <message>
        <source>What the network sees (MNIST&apos;s preprocessing)</source>
        <translation>Was das Netz sieht (Vorverarbeitung wie bei MNIST)</translation>
    </message>
    <message>
        <source>▶ Show the steps</source>
        <translation>▶ Die Schritte zeigen</translation>
    </message>
    <message>
        <source>Watch the drawing become the 28×28 input step by step (a click on the stages skips)</source>
        <translation>Zusehen, wie die Zeichnung Schritt für Schritt zur 28×28-Eingabe wird (ein Klick auf die Stufen überspringt)</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Undo stroke</source>
        <translation>Rückgängig</translation>
    </message>
    <message>
        <source>Open picture…</source>
        <translation>Bild öffnen…</translation>
    </message>
    <message>
        <source>Pen width (the default matches MNIST&apos;s strokes)</source>
        <translation>Stiftbreite (die Vorgabe passt zu den Strichen von MNIST)</translation>
    </message>
    <message>
        <source>Pen width</source>
        <translation>Stiftbreite</translation>
    </message>
    <message>
        <source>Step through this digit</source>
        <translation>Schritt für Schritt</translation>
    </message>
    <message>
        <source>Keep for testing…</source>
        <translation>Zum Testen aufheben…</translation>
    </message>
    <message>
        <source>Saves the 28×28 digit with its label in %1</source>
        <translation>Speichert die 28×28-Ziffer mit ihrem Label in %1</translation>
    </message>
    <message>
        <source>Pen</source>
        <translation>Stift</translation>
    </message>
    <message>
        <source>No ink found in the picture</source>
        <translation>Keine Tinte im Bild gefunden</translation>
    </message>
    <message>
        <source>Draw a digit</source>
        <translation>Zeichnen Sie eine Ziffer</translation>
    </message>
    <message>
        <source>No model yet: load data and train</source>
        <translation>Noch kein Modell: Daten laden und trainieren</translation>
    </message>
    <message>
        <source>Cannot read %1 as a picture: %2.</source>
        <translation>%1 ist als Bild nicht lesbar: %2.</translation>
    </message>
    <message>
        <source>%1 (%2×%3). Draw to replace it.</source>
        <translation>%1 (%2×%3). Zeichnen ersetzt es.</translation>
    </message>
    <message>
        <source>No ink found in this picture.</source>
        <translation>Keine Tinte in diesem Bild gefunden.</translation>
    </message>
    <message>
        <source>Keep for testing</source>
        <translation>Zum Testen aufheben</translation>
    </message>
    <message>
        <source>Which digit is this (0-9)?</source>
        <translation>Welche Ziffer ist das (0-9)?</translation>
    </message>
    <message>
        <source>Open a picture of a digit</source>
        <translation>Ein Bild einer Ziffer öffnen</translation>
    </message>
    <message>
        <source>Pictures (*.png *.jpg *.jpeg *.pgm *.bmp)</source>
        <translation>Bilder (*.png *.jpg *.jpeg *.pgm *.bmp)</translation>
    </message>
    <message>
        <source>dropped picture</source>
        <translation>abgelegtes Bild</translation>
    </message>
    <message>
        <source>Your drawing: the answer follows every stroke.</source>
        <translation>Ihre Zeichnung: die Antwort folgt jedem Strich.</translation>
    </message>
    <message>
        <source>Draw a digit: the answer follows every stroke.</source>
        <translation>Zeichnen Sie eine Ziffer: die Antwort folgt jedem Strich.</translation>
    </message>
    <message>
        <source>Collect digits</source>
        <translation>Ziffern sammeln</translation>
    </message>
    <message>
        <source>Collect the class&apos;s handwriting: the page asks for one digit after the other, Enter keeps each drawing with its label, and the kept digits make a test set (or, imported from their pictures, a training set).</source>
        <translation>Die Handschrift der Klasse sammeln: die Seite fragt nach einer Ziffer nach der anderen, Enter behält jede Zeichnung mit ihrem Label, und die behaltenen Ziffern ergeben einen Testsatz (oder, aus ihren Bildern importiert, einen Trainingssatz).</translation>
    </message>
    <message>
        <source>Draw a %1</source>
        <translation>Zeichne eine %1</translation>
    </message>
    <message>
        <source>Keep as %1 (Enter)</source>
        <translation>Als %1 behalten (Enter)</translation>
    </message>
    <message>
        <source>Collected: %1 (%2 in all)</source>
        <translation>Gesammelt: %1 (%2 insgesamt)</translation>
    </message>
    <message>
        <source>In %1: the 28×28 digits as a test set (t10k-*-ubyte), the drawings in pictures/0 to 9 (import-images reads them, also as a training set)</source>
        <translation>In %1: die 28×28-Ziffern als Testsatz (t10k-*-ubyte), die Zeichnungen in pictures/0 bis 9 (import-images liest sie, auch als Trainingssatz)</translation>
    </message>
    <message>
        <source>1 digit</source>
        <translation>1 Ziffer</translation>
    </message>
    <message>
        <source>%1 digits</source>
        <translation>%1 Ziffern</translation>
    </message>
    <message>
        <source>Kept as %1: %2 in %3.</source>
        <translation>Als %1 behalten: %2 in %3.</translation>
    </message>
    <message>
        <source>What the Compare view&apos;s networks answer for the same drawing</source>
        <translation>Was die Netze der Ansicht Vergleichen auf dieselbe Zeichnung antworten</translation>
    </message>
    <message>
        <source>%1 %2 (%3 %)</source>
        <translation>%1 %2 (%3 %)</translation>
    </message>
    <message>
        <source>Compare view&apos;s networks: %1</source>
        <translation>Netze aus Vergleichen: %1</translation>
    </message>
</context>
<context>
    <name>bplab::DropoutMaskPanel</name>
    <message>
        <source>Dropout: the neurons set to 0 for this sample in its training pass (filled), each with probability p; the others were multiplied by 1 / (1 - p). In evaluation every neuron takes part.</source>
        <translation>Dropout: die Neuronen, die für dieses Beispiel in seinem Trainingsdurchlauf auf 0 gesetzt wurden (gefüllt), jedes mit Wahrscheinlichkeit p; die anderen wurden mit 1 / (1 - p) multipliziert. Bei der Auswertung wirkt jedes Neuron mit.</translation>
    </message>
    <message>
        <source>%1 (layer %2): %3 of %4 neurons off (%5), the others x %6</source>
        <translation>%1 (Schicht %2): %3 von %4 Neuronen aus (%5), die anderen x %6</translation>
    </message>
    <message>
        <source>%1: %2 of %3 off (%4)</source>
        <translation>%1: %2 von %3 aus (%4)</translation>
    </message>
    <message>
        <source>No dropout mask: no training pass of this sample yet, or no dropout layer.</source>
        <translation>Keine Dropout-Maske: noch kein Trainingsdurchlauf dieses Beispiels oder keine Dropout-Schicht.</translation>
    </message>
    <message>
        <source>Dropout: no training pass of this sample yet</source>
        <translation>Dropout: noch kein Trainingsdurchlauf dieses Beispiels</translation>
    </message>
    <message>
        <source>the dropout mask</source>
        <translation>die Dropout-Maske</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>on</source>
        <translation>an</translation>
    </message>
    <message>
        <source>layer</source>
        <translation>Schicht</translation>
    </message>
    <message>
        <source>neuron</source>
        <translation>Neuron</translation>
    </message>
    <message>
        <source>dropped</source>
        <translation>ausgeschaltet</translation>
    </message>
    <message>
        <source>off: set to 0</source>
        <translation>aus: auf 0 gesetzt</translation>
    </message>
    <message>
        <source>on: times %1</source>
        <translation>an: mal %1</translation>
    </message>
    <message>
        <source>%1 of %2 off</source>
        <translation>%1 von %2 aus</translation>
    </message>
</context>
<context>
    <name>bplab::ErrorPage</name>
    <message>
        <source>Download MNIST (11 MB)</source>
        <translation>MNIST herunterladen (11 MB)</translation>
    </message>
    <message>
        <source>70,000 handwritten digits from the public mirrors, each file checked against its published MD5, into %1.</source>
        <translation>70.000 handgeschriebene Ziffern von den öffentlichen Spiegelservern, jede Datei gegen ihre veröffentlichte MD5 geprüft, nach %1.</translation>
    </message>
    <message>
        <source>Use the offline sample</source>
        <translation>Die Offline-Stichprobe verwenden</translation>
    </message>
    <message>
        <source>10,000 real MNIST digits already on this computer; no internet needed.</source>
        <translation>10.000 echte MNIST-Ziffern, schon auf diesem Computer; kein Internet nötig.</translation>
    </message>
    <message>
        <source>Use Fashion-MNIST</source>
        <translation>Fashion-MNIST verwenden</translation>
    </message>
    <message>
        <source>70,000 small pictures of clothes in ten classes, installed on this computer.</source>
        <translation>70.000 kleine Bilder von Kleidung in zehn Klassen, auf diesem Computer installiert.</translation>
    </message>
    <message>
        <source>Open a folder with the four files...</source>
        <translation>Einen Ordner mit den vier Dateien öffnen...</translation>
    </message>
    <message>
        <source>train-images-idx3-ubyte, train-labels-idx1-ubyte, t10k-images-idx3-ubyte and t10k-labels-idx1-ubyte, each optionally .gz.</source>
        <translation>train-images-idx3-ubyte, train-labels-idx1-ubyte, t10k-images-idx3-ubyte und t10k-labels-idx1-ubyte, jeweils wahlweise als .gz.</translation>
    </message>
    <message>
        <source>Try again</source>
        <translation>Erneut versuchen</translation>
    </message>
    <message>
        <source>Read the same folder again (after fixing or downloading the files)</source>
        <translation>Denselben Ordner erneut lesen (nachdem die Dateien repariert oder heruntergeladen sind)</translation>
    </message>
    <message>
        <source>Cannot read the training data in %1</source>
        <translation>Die Trainingsdaten in %1 sind nicht lesbar</translation>
    </message>
    <message>
        <source>Choose another folder (File &gt; Open data folder..., Ctrl+O), or replace the damaged file and press Try again. scripts/setup installs the offline MNIST sample and, with internet, full MNIST.</source>
        <translation>Wählen Sie einen anderen Ordner (Datei &gt; Datenordner öffnen..., Strg+O) oder ersetzen Sie die beschädigte Datei und drücken Sie „Erneut versuchen“. scripts/setup installiert die Offline-Stichprobe von MNIST und, mit Internet, das ganze MNIST.</translation>
    </message>
    <message>
        <source>Choose the data to learn from</source>
        <translation>Wählen Sie die Daten zum Lernen</translation>
    </message>
    <message>
        <source>No training data was found on this computer. Choose one of these; the app remembers the choice and starts with it next time.</source>
        <translation>Auf diesem Computer wurden keine Trainingsdaten gefunden. Wählen Sie eine dieser Möglichkeiten; die App merkt sich die Wahl und startet das nächste Mal damit.</translation>
    </message>
</context>
<context>
    <name>bplab::FeatureMapPanel</name>
    <message>
        <source>%1 (layer %2): %3 maps of %4 x %5, from %6 to %7</source>
        <translation>%1 (Schicht %2): %3 Karten zu %4 x %5, von %6 bis %7</translation>
    </message>
    <message>
        <source>No feature maps.</source>
        <translation>Keine Merkmalskarten.</translation>
    </message>
    <message>
        <source>Feature maps: no sample yet</source>
        <translation>Merkmalskarten: noch kein Beispiel</translation>
    </message>
    <message>
        <source>the feature maps</source>
        <translation>die Merkmalskarten</translation>
    </message>
    <message>
        <source>layer</source>
        <translation>Schicht</translation>
    </message>
    <message>
        <source>channel</source>
        <translation>Kanal</translation>
    </message>
    <message>
        <source>least value</source>
        <translation>kleinster Wert</translation>
    </message>
    <message>
        <source>largest value</source>
        <translation>größter Wert</translation>
    </message>
    <message>
        <source>mean value</source>
        <translation>Mittelwert</translation>
    </message>
    <message>
        <source>0</source>
        <translation>0</translation>
    </message>
    <message>
        <source>the layer&apos;s largest value</source>
        <translation>der größte Wert der Schicht</translation>
    </message>
    <message>
        <source>The sample&apos;s feature maps: what each convolution&apos;s filter finds in it (a = f(W * x + b)) and what each pooling keeps (the largest of every 2 x 2). White is 0. One layer at a time: the arrows in the corner show the others.</source>
        <translation>Die Merkmalskarten des Beispiels: was jeder Filter einer Faltung darin findet (a = f(W * x + b)), und was jedes Pooling behält (das Größte jedes 2 x 2). Weiß ist 0. Eine Schicht auf einmal: die Pfeile in der Ecke zeigen die anderen.</translation>
    </message>
    <message>
        <source>%1 (layer %2): %3 maps of %4 x %5</source>
        <translation>%1 (Schicht %2): %3 Karten von %4 x %5</translation>
    </message>
</context>
<context>
    <name>bplab::FileUi</name>
    <message>
        <source>&amp;Open data folder...</source>
        <translation>Daten&amp;ordner öffnen...</translation>
    </message>
    <message>
        <source>Train on the MNIST-style IDX files of another folder</source>
        <translation>Mit den IDX-Dateien im MNIST-Format eines anderen Ordners trainieren</translation>
    </message>
    <message>
        <source>&amp;Download MNIST...</source>
        <translation>MN&amp;IST herunterladen...</translation>
    </message>
    <message>
        <source>Fetch the four MNIST files (11 MB) from the public mirrors, checked against their MD5, and train on them</source>
        <translation>Die vier MNIST-Dateien (11 MB) von den öffentlichen Spiegelservern holen, gegen ihre MD5 geprüft, und mit ihnen trainieren</translation>
    </message>
    <message>
        <source>Save &amp;model...</source>
        <translation>&amp;Modell speichern...</translation>
    </message>
    <message>
        <source>Write the weights shown as a model file, as backprop-lab-cli train --save does (Ctrl+Shift+M)</source>
        <translation>Die gezeigten Gewichte als Modelldatei schreiben, wie backprop-lab-cli train --save (Strg+Umschalt+M)</translation>
    </message>
    <message>
        <source>Open mod&amp;el...</source>
        <translation>Modell ö&amp;ffnen...</translation>
    </message>
    <message>
        <source>Show a model file&apos;s weights (.bplab or .npz) in every view until training goes on</source>
        <translation>Die Gewichte einer Modelldatei (.bplab oder .npz) in jeder Ansicht zeigen, bis das Training weitergeht</translation>
    </message>
    <message>
        <source>Open a data folder (MNIST-style IDX files)</source>
        <translation>Einen Datenordner öffnen (IDX-Dateien im MNIST-Format)</translation>
    </message>
    <message>
        <source>%1 holds no training set: open a data folder with one first (such as MNIST); the pictures then become its test set.</source>
        <translation>%1 enthält keinen Trainingssatz: zuerst einen Datenordner mit einem öffnen (etwa MNIST); die Bilder werden dann sein Testsatz.</translation>
    </message>
    <message>
        <source>Open %1</source>
        <translation>%1 öffnen</translation>
    </message>
    <message>
        <source>Use the images of %1 as the test set (the network is tested on them) or as the training set (it trains on them and is tested on the test set of the data open)?</source>
        <translation>Die Bilder von %1 als Testsatz verwenden (das Netz wird auf ihnen getestet) oder als Trainingssatz (es trainiert auf ihnen und wird auf dem Testsatz der geöffneten Daten getestet)?</translation>
    </message>
    <message>
        <source>As the &amp;test set</source>
        <translation>Als &amp;Testsatz</translation>
    </message>
    <message>
        <source>As the t&amp;raining set</source>
        <translation>Als T&amp;rainingssatz</translation>
    </message>
    <message>
        <source>Save the weights shown as a model file</source>
        <translation>Die gezeigten Gewichte als Modelldatei speichern</translation>
    </message>
    <message>
        <source>Backprop Lab model (*.bplab);;All files (*)</source>
        <translation>Backprop-Lab-Modell (*.bplab);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Open a model file</source>
        <translation>Eine Modelldatei öffnen</translation>
    </message>
    <message>
        <source>Models (*.bplab *.npz);;All files (*)</source>
        <translation>Modelle (*.bplab *.npz);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>%1 cannot be opened: %2</source>
        <translation>%1 lässt sich nicht öffnen: %2</translation>
    </message>
    <message>
        <source>Compare it</source>
        <translation>Vergleichen</translation>
    </message>
    <message>
        <source>Step through it</source>
        <translation>Schritt für Schritt</translation>
    </message>
    <message>
        <source>%1 holds a %2 network; the training&apos;s is %3. Train it: the training switches to this network and goes on from the file&apos;s weights. Step through can step through it, and the Compare view can evaluate it beside its runs and let it answer drawn digits.</source>
        <translation>%1 enthält ein Netz %2; das des Trainings ist %3. Trainieren: Das Training wechselt zu diesem Netz und macht mit den Gewichten der Datei weiter. Schritt für Schritt kann es durchgehen, und die Vergleichsansicht kann es neben ihren Läufen auswerten und gezeichnete Ziffern beantworten lassen.</translation>
    </message>
    <message>
        <source>Train it</source>
        <translation>Trainieren</translation>
    </message>
    <message>
        <source>Export ne&amp;twork as ONNX...</source>
        <translation>Netz als ONNX expor&amp;tieren...</translation>
    </message>
    <message>
        <source>Write the network shown as an ONNX model, which ONNX Runtime runs and Netron shows, as backprop-lab-cli export --onnx does</source>
        <translation>Das gezeigte Netz als ONNX-Modell schreiben, das ONNX Runtime ausführt und Netron zeigt, wie backprop-lab-cli export --onnx</translation>
    </message>
    <message>
        <source>Export the network shown as an ONNX model</source>
        <translation>Das gezeigte Netz als ONNX-Modell exportieren</translation>
    </message>
    <message>
        <source>ONNX model (*.onnx);;All files (*)</source>
        <translation>ONNX-Modell (*.onnx);;Alle Dateien (*)</translation>
    </message>
</context>
<context>
    <name>bplab::GalleryPanel</name>
    <message>
        <source>Gallery</source>
        <translation>Galerie</translation>
    </message>
    <message>
        <source>Click a cell of the confusion matrix to see its images.</source>
        <translation>Ein Klick auf eine Zelle der Konfusionsmatrix zeigt ihre Bilder.</translation>
    </message>
    <message>
        <source>No test images here.</source>
        <translation>Hier sind keine Testbilder.</translation>
    </message>
    <message>
        <source>#%1, true %2</source>
        <translation>#%1, wahr %2</translation>
    </message>
    <message>
        <source>the gallery</source>
        <translation>die Galerie</translation>
    </message>
    <message>
        <source>test image</source>
        <translation>Testbild</translation>
    </message>
    <message>
        <source>true class</source>
        <translation>wahre Klasse</translation>
    </message>
    <message>
        <source>answer</source>
        <translation>Antwort</translation>
    </message>
    <message>
        <source>p of the answer</source>
        <translation>p der Antwort</translation>
    </message>
    <message>
        <source>p of the true class</source>
        <translation>p der wahren Klasse</translation>
    </message>
    <message>
        <source>%1. Images: %2.</source>
        <translation>%1. Bilder: %2.</translation>
    </message>
</context>
<context>
    <name>bplab::GradientMaps</name>
    <message>
        <source>%1: no map, its first layer is a convolution</source>
        <translation>%1: keine Karte, seine erste Schicht ist eine Faltung</translation>
    </message>
    <message>
        <source>%1: its first layer is a convolution, whose kernels have no weight per pixel: no map (the Train view draws its kernels and their gradients)</source>
        <translation>%1: seine erste Schicht ist eine Faltung, deren Kerne kein Gewicht je Pixel haben: keine Karte (die Trainingsansicht zeichnet ihre Kerne und deren Gradienten)</translation>
    </message>
    <message>
        <source>First-layer gradient per weight</source>
        <translation>Gradient der ersten Schicht je Gewicht</translation>
    </message>
    <message>
        <source>%1: no epoch finished yet</source>
        <translation>%1: noch keine Epoche beendet</translation>
    </message>
    <message>
        <source>%1: mean %2, largest %3</source>
        <translation>%1: Mittel %2, größter %3</translation>
    </message>
    <message>
        <source>No runs yet.</source>
        <translation>Noch keine Läufe.</translation>
    </message>
    <message>
        <source>Mean |dL/dW1| of each first-layer weight over the last epoch. </source>
        <translation>Mittleres |dL/dW1| jedes Gewichts der ersten Schicht in der letzten Epoche. </translation>
    </message>
    <message>
        <source>Add runs: each one&apos;s first-layer gradient is drawn here after its first epoch.</source>
        <translation>Fügen Sie Läufe hinzu: Der Gradient der ersten Schicht jedes Laufs erscheint hier nach seiner ersten Epoche.</translation>
    </message>
    <message>
        <source>The maps appear when a run has finished its first epoch.</source>
        <translation>Die Bilder erscheinen, sobald ein Lauf seine erste Epoche beendet hat.</translation>
    </message>
    <message>
        <source>%1 (mean %2)</source>
        <translation>%1 (Mittel %2)</translation>
    </message>
    <message>
        <source>%1 or more</source>
        <translation>%1 oder mehr</translation>
    </message>
    <message>
        <source>mean |dL/dW1| of each weight over the last epoch, one tile per neuron of the first layer</source>
        <translation>mittleres |dL/dW1| jedes Gewichts in der letzten Epoche, eine Kachel je Neuron der ersten Schicht</translation>
    </message>
</context>
<context>
    <name>bplab::HeatmapPanel</name>
    <message>
        <source>Gradients dL/dW</source>
        <translation>Gradienten dL/dW</translation>
    </message>
    <message>
        <source>Weights W</source>
        <translation>Gewichte W</translation>
    </message>
    <message>
        <source>Adjustments −lr · dL/dW</source>
        <translation>Anpassungen −lr · dL/dW</translation>
    </message>
    <message>
        <source>Which values the heatmaps show: the gradient of the loss, the weights themselves, or what the last step added to the weights</source>
        <translation>Welche Werte die Heatmaps zeigen: den Gradienten des Verlusts, die Gewichte selbst oder was der letzte Schritt zu den Gewichten addiert hat</translation>
    </message>
    <message>
        <source>&amp;Show:</source>
        <translation>Zei&amp;gen:</translation>
    </message>
    <message>
        <source>  (no values yet)</source>
        <translation>  (noch keine Werte)</translation>
    </message>
    <message>
        <source>the heatmaps</source>
        <translation>die Heatmaps</translation>
    </message>
    <message>
        <source>%1: no values yet.</source>
        <translation>%1: noch keine Werte.</translation>
    </message>
    <message>
        <source>Hidden neuron %1 is selected.</source>
        <translation>Verdecktes Neuron %1 ist gewählt.</translation>
    </message>
    <message>
        <source>%1: every value is 0.</source>
        <translation>%1: jeder Wert ist 0.</translation>
    </message>
    <message>
        <source>output neuron %1</source>
        <translation>Ausgabeneuron %1</translation>
    </message>
    <message>
        <source>hidden neuron %1</source>
        <translation>verdecktes Neuron %1</translation>
    </message>
    <message>
        <source>neuron %1 of hidden layer %2</source>
        <translation>Neuron %1 der verdeckten Schicht %2</translation>
    </message>
    <message>
        <source>%1, pixel (%2, %3): %4%5 = %6</source>
        <translation>%1, Pixel (%2, %3): %4%5 = %6</translation>
    </message>
    <message>
        <source>%1 ← %2: %3%4 = %5</source>
        <translation>%1 ← %2: %3%4 = %5</translation>
    </message>
    <message>
        <source>Weight under the mouse</source>
        <translation>Gewicht unter der Maus</translation>
    </message>
</context>
<context>
    <name>bplab::LayerChooser</name>
    <message>
        <source>Previous layer</source>
        <translation>Vorherige Schicht</translation>
    </message>
    <message>
        <source>The previous layer</source>
        <translation>Die vorherige Schicht</translation>
    </message>
    <message>
        <source>Next layer</source>
        <translation>Nächste Schicht</translation>
    </message>
    <message>
        <source>The next layer</source>
        <translation>Die nächste Schicht</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>Layer %1 of %2</source>
        <translation>Schicht %1 von %2</translation>
    </message>
</context>
<context>
    <name>bplab::LessonPanel</name>
    <message>
        <source>Back</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Weiter</translation>
    </message>
    <message>
        <source>Close lesson</source>
        <translation>Lektion schließen</translation>
    </message>
    <message>
        <source>The previous step (Page Up)</source>
        <translation>Der vorige Schritt (Bild auf)</translation>
    </message>
    <message>
        <source>Reveal the answer, then the next step (Page Down)</source>
        <translation>Erst die Antwort zeigen, dann der nächste Schritt (Bild ab)</translation>
    </message>
    <message>
        <source>step %1 of %2</source>
        <translation>Schritt %1 von %2</translation>
    </message>
    <message>
        <source>End</source>
        <translation>Ende</translation>
    </message>
    <message>
        <source>Reveal the answer, then end the lesson: your own settings come back (Page Down)</source>
        <translation>Erst die Antwort zeigen, dann die Lektion beenden: Ihre eigenen Einstellungen kommen zurück (Bild ab)</translation>
    </message>
</context>
<context>
    <name>bplab::LessonRunner</name>
    <message>
        <source>%1: the lesson has no steps.</source>
        <translation>%1: Die Lektion hat keine Schritte.</translation>
    </message>
    <message>
        <source>%1 needs the data set &quot;%2&quot;, which is not on this computer: %3</source>
        <translation>%1 braucht den Datensatz „%2“, der auf diesem Rechner fehlt: %3</translation>
    </message>
    <message>
        <source>No value to reveal yet: %1.</source>
        <translation>Noch kein Wert zum Zeigen: %1.</translation>
    </message>
    <message>
        <source>%1 has steps 1 to %2, not step %3.</source>
        <translation>%1 hat die Schritte 1 bis %2, nicht Schritt %3.</translation>
    </message>
    <message>
        <source>Training to batch %L1: the answer follows.</source>
        <translation>Training bis Batch %L1: Die Antwort folgt.</translation>
    </message>
    <message>
        <source>The runs are still training: the answer follows when they end.</source>
        <translation>Die Läufe trainieren noch: Die Antwort folgt, wenn sie fertig sind.</translation>
    </message>
</context>
<context>
    <name>bplab::LessonUi</name>
    <message>
        <source>Lesson</source>
        <translation>Lektion</translation>
    </message>
    <message>
        <source>Open &amp;lesson...</source>
        <translation>&amp;Lektion öffnen...</translation>
    </message>
    <message>
        <source>Open a prepared lesson: its settings, views and steps</source>
        <translation>Eine vorbereitete Lektion öffnen: ihre Einstellungen, Ansichten und Schritte</translation>
    </message>
    <message>
        <source>Lesson: previous step</source>
        <translation>Lektion: voriger Schritt</translation>
    </message>
    <message>
        <source>The lesson&apos;s previous step (Page Up)</source>
        <translation>Der vorige Schritt der Lektion (Bild auf)</translation>
    </message>
    <message>
        <source>Lesson: next step</source>
        <translation>Lektion: nächster Schritt</translation>
    </message>
    <message>
        <source>Reveal the question&apos;s answer, then the lesson&apos;s next step (Page Down)</source>
        <translation>Erst die Antwort auf die Frage zeigen, dann der nächste Schritt der Lektion (Bild ab)</translation>
    </message>
    <message>
        <source>Open lesson</source>
        <translation>Lektion öffnen</translation>
    </message>
    <message>
        <source>Lessons (*.json)</source>
        <translation>Lektionen (*.json)</translation>
    </message>
    <message>
        <source>This lesson cannot be opened: %1</source>
        <translation>Diese Lektion lässt sich nicht öffnen: %1</translation>
    </message>
    <message>
        <source>Lesson: end</source>
        <translation>Lektion: beenden</translation>
    </message>
    <message>
        <source>Reveal the question&apos;s answer, then end the lesson: your own settings and views come back (Page Down)</source>
        <translation>Erst die Antwort auf die Frage zeigen, dann die Lektion beenden: Ihre eigenen Einstellungen und Ansichten kommen zurück (Bild ab)</translation>
    </message>
    <message>
        <source>Stage %1 would give the answer to the lesson&apos;s question away: its values are hidden until the question is answered or revealed. The stages before it are open; choose one in the list.</source>
        <translation>Stufe %1 würde die Antwort auf die Frage der Lektion verraten: Ihre Werte bleiben verborgen, bis die Frage beantwortet oder aufgedeckt ist. Die Stufen davor sind offen; wählen Sie eine in der Liste.</translation>
    </message>
    <message>
        <source>Stage %1 hidden</source>
        <translation>Stufe %1 verborgen</translation>
    </message>
</context>
<context>
    <name>bplab::LossAxes</name>
    <message>
        <source>cross-entropy loss</source>
        <translation>Kreuzentropie-Verlust</translation>
    </message>
    <message>
        <source>cross-entropy</source>
        <translation>Kreuzentropie</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>Verlust</translation>
    </message>
    <message>
        <source>accuracy (%)</source>
        <translation>Genauigkeit (%)</translation>
    </message>
    <message>
        <source>%</source>
        <translation>%</translation>
    </message>
    <message>
        <source>Curves shown</source>
        <translation>Gezeigte Kurven</translation>
    </message>
</context>
<context>
    <name>bplab::LossPlot</name>
    <message>
        <source>epoch</source>
        <translation>Epoche</translation>
    </message>
    <message>
        <source>batch loss</source>
        <translation>Batch-Verlust</translation>
    </message>
    <message>
        <source>moving average</source>
        <translation>gleitender Mittelwert</translation>
    </message>
    <message>
        <source>test loss</source>
        <translation>Testverlust</translation>
    </message>
    <message>
        <source>Follow the data (reset zoom)</source>
        <translation>Den Daten folgen (Zoom zurücksetzen)</translation>
    </message>
    <message>
        <source>the loss plot</source>
        <translation>das Verlaufsdiagramm</translation>
    </message>
    <message>
        <source>No batch trained yet.</source>
        <translation>Noch kein Batch trainiert.</translation>
    </message>
    <message>
        <source>Latest batch loss %1 (batch %2, epoch %3), moving average %4.</source>
        <translation>Verlust des letzten Batches %1 (Batch %2, Epoche %3), gleitender Mittelwert %4.</translation>
    </message>
    <message>
        <source>Last test after epoch %1: loss %2, accuracy %3 %.</source>
        <translation>Letzter Test nach Epoche %1: Verlust %2, Genauigkeit %3 %.</translation>
    </message>
    <message>
        <source>No test evaluation yet.</source>
        <translation>Noch keine Auswertung auf dem Testsatz.</translation>
    </message>
    <message>
        <source>test accuracy</source>
        <translation>Testgenauigkeit</translation>
    </message>
    <message>
        <source>training loss</source>
        <translation>Trainingsverlust</translation>
    </message>
    <message>
        <source>training accuracy</source>
        <translation>Trainingsgenauigkeit</translation>
    </message>
    <message>
        <source>batch</source>
        <translation>Batch</translation>
    </message>
    <message>
        <source>average</source>
        <translation>Mittelwert</translation>
    </message>
    <message>
        <source>test %</source>
        <translation>Test %</translation>
    </message>
    <message>
        <source>train loss</source>
        <translation>Trainingsverlust</translation>
    </message>
    <message>
        <source>train %</source>
        <translation>Training %</translation>
    </message>
    <message>
        <source>On the training set: loss %1, accuracy %2 %.</source>
        <translation>Auf dem Trainingssatz: Verlust %1, Genauigkeit %2 %.</translation>
    </message>
    <message>
        <source>earlier branch, lr %1</source>
        <translation>früherer Zweig, LR %1</translation>
    </message>
</context>
<context>
    <name>bplab::LossReadout</name>
    <message>
        <source>batch %1, epoch %2
batch loss %3</source>
        <translation>Batch %1, Epoche %2
Batch-Verlust %3</translation>
    </message>
    <message>
        <source>batch %1, epoch %2
moving average %3</source>
        <translation>Batch %1, Epoche %2
gleitender Mittelwert %3</translation>
    </message>
    <message>
        <source>epoch %1
test loss %2</source>
        <translation>Epoche %1
Testverlust %2</translation>
    </message>
    <message>
        <source>epoch %1
training-set loss %2</source>
        <translation>Epoche %1
Verlust auf dem Trainingssatz %2</translation>
    </message>
    <message>
        <source>epoch %1
training-set accuracy %2 %</source>
        <translation>Epoche %1
Genauigkeit auf dem Trainingssatz %2 %</translation>
    </message>
    <message>
        <source>epoch %1
test accuracy %2 %</source>
        <translation>Epoche %1
Testgenauigkeit %2 %</translation>
    </message>
</context>
<context>
    <name>bplab::MainActions</name>
    <message>
        <source>Start</source>
        <translation>Start</translation>
    </message>
    <message>
        <source>Train batch after batch with the panels live (Space)</source>
        <translation>Batch für Batch trainieren, die Anzeigen live (Leertaste)</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Train exactly one mini-batch, then stop (S)</source>
        <translation>Genau einen Mini-Batch trainieren, dann anhalten (S)</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Neustart</translation>
    </message>
    <message>
        <source>Re-initialise the weights from the seed and apply the batch size, epochs and recipe (Ctrl+R)</source>
        <translation>Die Gewichte aus dem Seed neu setzen und Batchgröße, Epochen und Rezept anwenden (Strg+R)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>Stop training and close (Ctrl+Q)</source>
        <translation>Training anhalten und schließen (Strg+Q)</translation>
    </message>
    <message>
        <source>Show the %1 view</source>
        <translation>Die Ansicht „%1“ zeigen</translation>
    </message>
    <message>
        <source>&amp;Full screen</source>
        <translation>&amp;Vollbild</translation>
    </message>
    <message>
        <source>The window fills the screen, without its frame (%1)</source>
        <translation>Das Fenster füllt den Bildschirm, ohne Rahmen (%1)</translation>
    </message>
    <message>
        <source>&amp;Presentation mode</source>
        <translation>&amp;Präsentationsmodus</translation>
    </message>
    <message>
        <source>Full screen with 1.5x fonts and lines, for a projector (F5; Esc leaves)</source>
        <translation>Vollbild mit 1,5-facher Schrift und Linien, für einen Beamer (F5; Esc beendet)</translation>
    </message>
    <message>
        <source>Show pi&amp;xel values</source>
        <translation>Pi&amp;xelwerte zeigen</translation>
    </message>
    <message>
        <source>Print each pixel&apos;s 0-255 value on the digit (P)</source>
        <translation>Den Wert 0-255 jedes Pixels auf die Ziffer schreiben (P)</translation>
    </message>
    <message>
        <source>&amp;High contrast</source>
        <translation>&amp;Hoher Kontrast</translation>
    </message>
    <message>
        <source>Black, white and yellow, for low vision and bright projectors</source>
        <translation>Schwarz, Weiß und Gelb, für Sehbehinderte und helle Projektoren</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>List every keyboard shortcut (F1)</source>
        <translation>Alle Tastenkürzel auflisten (F1)</translation>
    </message>
    <message>
        <source>&amp;About Backprop Lab</source>
        <translation>Ü&amp;ber Backprop Lab</translation>
    </message>
    <message>
        <source>Version and what the app is for</source>
        <translation>Version und wofür die App da ist</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>Pause the training after the current batch (Space)</source>
        <translation>Das Training nach dem laufenden Batch anhalten (Leertaste)</translation>
    </message>
    <message>
        <source>All epochs are done: press Reset to train again</source>
        <translation>Alle Epochen sind fertig: „Neustart“ startet ein neues Training</translation>
    </message>
    <message>
        <source>About Backprop Lab</source>
        <translation>Über Backprop Lab</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Backprop Lab %1&lt;/h3&gt;&lt;p&gt;Trains neural networks on MNIST (by default 784-128-10 with ReLU, SoftMax, cross-entropy and SGD; up to two hidden layers of your choice) and shows every step: the digit, the ten probabilities, the loss curves and every layer&apos;s gradients.&lt;/p&gt;&lt;p&gt;Same seed, same numbers, every time.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Backprop Lab %1&lt;/h3&gt;&lt;p&gt;Trainiert neuronale Netze auf MNIST (standardmäßig 784-128-10 mit ReLU, SoftMax, Kreuzentropie und SGD; bis zu zwei verdeckte Schichten nach Wahl) und zeigt jeden Schritt: die Ziffer, die zehn Wahrscheinlichkeiten, die Verlustkurven und die Gradienten jeder Schicht.&lt;/p&gt;&lt;p&gt;Gleicher Seed, gleiche Zahlen, jedes Mal.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>bplab::MainWindow</name>
    <message>
        <source>Backprop Lab</source>
        <translation>Backprop Lab</translation>
    </message>
    <message>
        <source>Reading %1 ...</source>
        <translation>Lese %1 ...</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Training</source>
        <translation>&amp;Training</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;Train</source>
        <translation>&amp;Trainieren</translation>
    </message>
    <message>
        <source>&amp;Step through</source>
        <translation>&amp;Schrittweise</translation>
    </message>
    <message>
        <source>&amp;Draw</source>
        <translation>&amp;Zeichnen</translation>
    </message>
    <message>
        <source>&amp;Mistakes</source>
        <translation>&amp;Fehler</translation>
    </message>
    <message>
        <source>%1, image %2</source>
        <translation>%1, Bild %2</translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation>Ver&amp;gleichen</translation>
    </message>
    <message>
        <source>D&amp;ata parallel</source>
        <translation>Datenpara&amp;llel</translation>
    </message>
    <message>
        <source>Datas&amp;et</source>
        <translation>&amp;Datensatz</translation>
    </message>
    <message>
        <source>Export &amp;worksheet...</source>
        <translation>A&amp;rbeitsblatt exportieren...</translation>
    </message>
    <message>
        <source>Save the Step view&apos;s image as a printable PDF worksheet: its numbers through the stages with cells to compute by hand, and a page of answers</source>
        <translation>Das Bild der schrittweisen Ansicht als druckbares PDF-Arbeitsblatt speichern: seine Zahlen durch die Stufen, mit Zellen zum Rechnen von Hand, und eine Seite mit den Lösungen</translation>
    </message>
</context>
<context>
    <name>bplab::MessageBanner</name>
    <message>
        <source>Hide this message</source>
        <translation>Diese Meldung ausblenden</translation>
    </message>
</context>
<context>
    <name>bplab::MistakesView</name>
    <message>
        <source>&amp;Most confident mistakes</source>
        <translation>Si&amp;cherste Fehler</translation>
    </message>
    <message>
        <source>The test images the network gets wrong while being most sure of its answer</source>
        <translation>Die Testbilder, bei denen das Netz irrt und sich seiner Antwort am sichersten ist</translation>
    </message>
    <message>
        <source>Click a cell of the confusion matrix to see its images.</source>
        <translation>Ein Klick auf eine Zelle der Konfusionsmatrix zeigt ihre Bilder.</translation>
    </message>
    <message>
        <source>Most confident mistakes</source>
        <translation>Sicherste Fehler</translation>
    </message>
    <message>
        <source>the %1 wrong answers the network is surest of</source>
        <translation>die %1 falschen Antworten, bei denen das Netz am sichersten ist</translation>
    </message>
    <message>
        <source>True %1, predicted %2: 1 image</source>
        <translation>Wahr %1, vorhergesagt %2: 1 Bild</translation>
    </message>
    <message>
        <source>True %1, predicted %2: %3 images</source>
        <translation>Wahr %1, vorhergesagt %2: %3 Bilder</translation>
    </message>
    <message>
        <source>most confident first</source>
        <translation>die sichersten zuerst</translation>
    </message>
</context>
<context>
    <name>bplab::NetworkButton</name>
    <message>
        <source>Network: %1</source>
        <translation>Netz: %1</translation>
    </message>
    <message>
        <source>Net&amp;work</source>
        <translation>Net&amp;z</translation>
    </message>
    <message>
        <source>Hidden layers</source>
        <translation>Verdeckte Schichten</translation>
    </message>
    <message>
        <source>No hidden layer (784-10)</source>
        <translation>Keine verdeckte Schicht (784-10)</translation>
    </message>
    <message>
        <source>%1 (the source&apos;s)</source>
        <translation>%1 (das der Quelle)</translation>
    </message>
    <message>
        <source>Other widths...</source>
        <translation>Andere Breiten ...</translation>
    </message>
    <message>
        <source>Activation of the hidden layers</source>
        <translation>Aktivierung der verdeckten Schichten</translation>
    </message>
    <message>
        <source>Widths of the hidden layers, first to last: &quot;64&quot;, &quot;256,128&quot; or &quot;0&quot; for none (1 to 1,024 neurons each, at most two layers):</source>
        <translation>Breiten der verdeckten Schichten, von der ersten zur letzten: &quot;64&quot;, &quot;256,128&quot; oder &quot;0&quot; für keine (je 1 bis 1.024 Neuronen, höchstens zwei Schichten):</translation>
    </message>
    <message>
        <source>Network: %1, applied on Reset (now %2)</source>
        <translation>Netz: %1, ab dem Neustart (jetzt %2)</translation>
    </message>
    <message>
        <source>%1 is chosen and applied on Reset (Ctrl+R); until then the weights are %2&apos;s.</source>
        <translation>%1 ist gewählt und gilt ab dem Neustart (Strg+R); bis dahin sind die Gewichte die von %2.</translation>
    </message>
    <message>
        <source>conv %1</source>
        <translation>Faltung %1</translation>
    </message>
    <message>
        <source>Layers (convolution, pooling, dropout)...</source>
        <translation>Schichten (Faltung, Pooling, Dropout) ...</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>Schichten</translation>
    </message>
    <message>
        <source>The layers before the 10 outputs, comma-separated: &quot;conv C KxK&quot; (optionally &quot;stride 2&quot; and &quot;valid&quot;), &quot;pool 2&quot;, &quot;flatten&quot;, &quot;dense N&quot;, &quot;dropout P&quot;. The activation is the menu&apos;s; applied on Reset:</source>
        <translation>Die Schichten vor den 10 Ausgaben, durch Kommas getrennt: &quot;conv C KxK&quot; (wahlweise &quot;stride 2&quot; und &quot;valid&quot;), &quot;pool 2&quot;, &quot;flatten&quot;, &quot;dense N&quot;, &quot;dropout P&quot;. Die Aktivierung ist die des Menüs; wirkt nach „Neustart“:</translation>
    </message>
    <message>
        <source>Weight decay: lambda = %1...</source>
        <translation>Weight Decay: lambda = %1 ...</translation>
    </message>
    <message>
        <source>Weight decay: none...</source>
        <translation>Weight Decay: keiner ...</translation>
    </message>
    <message>
        <source>Weight decay</source>
        <translation>Weight Decay</translation>
    </message>
    <message>
        <source>L2 weight decay lambda: every gradient gets + lambda w, which pulls the weights towards 0 (0: none; 0.0005 is common). Applied on Reset:</source>
        <translation>L2-Weight-Decay lambda: jeder Gradient erhält + lambda w, was die Gewichte zu 0 zieht (0: keiner; 0,0005 ist üblich). Wirkt nach „Neustart“:</translation>
    </message>
    <message>
        <source>The network: 784 inputs, then no, one or two dense hidden layers of 1 to 1,024 neurons or a list of layers (convolution, pooling, dense, dropout), one activation, 10 outputs. The weights start by the rule the activation implies (He for ReLU, Xavier for sigmoid and tanh). Takes effect on Reset.</source>
        <translation>Das Netz: 784 Eingänge, dann keine, eine oder zwei dichte verdeckte Schichten mit je 1 bis 1.024 Neuronen oder eine Liste von Schichten (Faltung, Pooling, dicht, Dropout), eine Aktivierungsfunktion, 10 Ausgänge. Die Gewichte starten nach der Regel, die zur Aktivierung gehört (He für ReLU, Xavier für Sigmoid und tanh). Wirkt nach Zurücksetzen.</translation>
    </message>
</context>
<context>
    <name>bplab::NetworkChoice</name>
    <message>
        <source>Net&amp;work:</source>
        <translation>&amp;Netz:</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>Netz</translation>
    </message>
    <message>
        <source>the training&apos;s weights</source>
        <translation>die Gewichte des Trainings</translation>
    </message>
</context>
<context>
    <name>bplab::NetworkDiagram</name>
    <message>
        <source>input %1, pixel (row %2, col %3): byte %4, x = %5</source>
        <translation>Eingabe %1, Pixel (Zeile %2, Spalte %3): Byte %4, x = %5</translation>
    </message>
    <message>
        <source>output neuron %1 (class %2): z = %3, p = %4, y = %5, delta = %6, p after the step = %7</source>
        <translation>Ausgabeneuron %1 (Klasse %2): z = %3, p = %4, y = %5, delta = %6, p nach dem Schritt = %7</translation>
    </message>
    <message>
        <source>Input x: 784 pixels</source>
        <translation>Eingabe x: 784 Pixel</translation>
    </message>
    <message>
        <source>Output: 10 neurons (SoftMax)</source>
        <translation>Ausgabe: 10 Neuronen (SoftMax)</translation>
    </message>
    <message>
        <source>No sample yet</source>
        <translation>Noch kein Bild</translation>
    </message>
    <message>
        <source> and </source>
        <translation> und </translation>
    </message>
    <message>
        <source>Selected: %1.</source>
        <translation>Gewählt: %1.</translation>
    </message>
    <message>
        <source>layer %1, neuron %2: z = %3, a = %4(z) = %5, delta = %6 (click to select)</source>
        <translation>Schicht %1, Neuron %2: z = %3, a = %4(z) = %5, Delta = %6 (Klick wählt es)</translation>
    </message>
    <message>
        <source>%1 inputs straight to %2 outputs, no hidden layer.</source>
        <translation>%1 Eingaben direkt zu %2 Ausgaben, keine verdeckte Schicht.</translation>
    </message>
    <message>
        <source>%1 inputs, hidden layers of %2 %3 neurons, %4 outputs.</source>
        <translation>%1 Eingaben, verdeckte Schichten aus %2 %3-Neuronen, %4 Ausgaben.</translation>
    </message>
    <message>
        <source>Stage %1: %2.</source>
        <translation>Stufe %1: %2.</translation>
    </message>
    <message>
        <source>Hidden %1: %2 neurons (%3)</source>
        <translation>Verdeckt %1: %2 Neuronen (%3)</translation>
    </message>
    <message>
        <source>Blue ring: target neuron %1. Orange: selected.</source>
        <translation>Blauer Ring: Zielneuron %1. Orange: gewählt.</translation>
    </message>
    <message>
        <source>not computed yet</source>
        <translation>noch nicht berechnet</translation>
    </message>
    <message>
        <source>Input: 784</source>
        <translation>Eingabe: 784</translation>
    </message>
    <message>
        <source>Hidden %1: %2 (%3)</source>
        <translation>Verdeckt %1: %2 (%3)</translation>
    </message>
    <message>
        <source>H%1: %2 %3</source>
        <translation>V%1: %2 %3</translation>
    </message>
    <message>
        <source>Output: 10 (SoftMax)</source>
        <translation>Ausgabe: 10 (SoftMax)</translation>
    </message>
</context>
<context>
    <name>bplab::PaceButton</name>
    <message>
        <source>Pace: full speed, or so many batches a second that a class can follow (every batch is shown), or one sample of the batch at a time with the update after the last. + and - change it, also while training.</source>
        <translation>Tempo: volle Geschwindigkeit, so viele Batches pro Sekunde, dass eine Klasse folgen kann (jeder Batch wird gezeigt), oder ein Bild des Batches nach dem anderen mit dem Update nach dem letzten. + und - ändern es, auch während des Trainings.</translation>
    </message>
    <message>
        <source>Full speed</source>
        <translation>Volle Geschwindigkeit</translation>
    </message>
    <message>
        <source>One sample at a time</source>
        <translation>Ein Bild nach dem anderen</translation>
    </message>
    <message>
        <source>%1 batches per second</source>
        <translation>%1 Batches pro Sekunde</translation>
    </message>
    <message>
        <source>full</source>
        <translation>voll</translation>
    </message>
    <message>
        <source>1 by 1</source>
        <translation>einzeln</translation>
    </message>
    <message>
        <source>%1/s</source>
        <translation>%1/s</translation>
    </message>
</context>
<context>
    <name>bplab::PanelRegistry</name>
    <message>
        <source>&amp;Digit</source>
        <translation>&amp;Ziffer</translation>
    </message>
    <message>
        <source>Digit being learned</source>
        <translation>Die gelernte Ziffer</translation>
    </message>
    <message>
        <source>&amp;SoftMax table</source>
        <translation>&amp;SoftMax-Tabelle</translation>
    </message>
    <message>
        <source>SoftMax table</source>
        <translation>SoftMax-Tabelle</translation>
    </message>
    <message>
        <source>Per-class &amp;accuracy</source>
        <translation>Genauigkeit je &amp;Klasse</translation>
    </message>
    <message>
        <source>Test accuracy per class</source>
        <translation>Testgenauigkeit je Klasse</translation>
    </message>
    <message>
        <source>&amp;Loss plot</source>
        <translation>&amp;Verlaufsdiagramm</translation>
    </message>
    <message>
        <source>Loss plot</source>
        <translation>Verlaufsdiagramm</translation>
    </message>
    <message>
        <source>&amp;Batch mosaic</source>
        <translation>&amp;Batch-Mosaik</translation>
    </message>
    <message>
        <source>Mini-batch mosaic</source>
        <translation>Mosaik des Mini-Batches</translation>
    </message>
    <message>
        <source>&amp;Heatmaps</source>
        <translation>&amp;Heatmaps</translation>
    </message>
    <message>
        <source>Weight and gradient heatmaps</source>
        <translation>Heatmaps der Gewichte und Gradienten</translation>
    </message>
    <message>
        <source>S&amp;tep through page</source>
        <translation>Seite Schritt &amp;für Schritt</translation>
    </message>
    <message>
        <source>Step through page</source>
        <translation>Seite Schritt für Schritt</translation>
    </message>
    <message>
        <source>First picture of the stage</source>
        <translation>Erstes Bild der Stufe</translation>
    </message>
    <message>
        <source>Second picture of the stage</source>
        <translation>Zweites Bild der Stufe</translation>
    </message>
    <message>
        <source>&amp;Network diagram</source>
        <translation>&amp;Netzdiagramm</translation>
    </message>
    <message>
        <source>Network diagram</source>
        <translation>Netzdiagramm</translation>
    </message>
    <message>
        <source>Drawing &amp;canvas</source>
        <translation>&amp;Zeichenfläche</translation>
    </message>
    <message>
        <source>Drawing canvas</source>
        <translation>Zeichenfläche</translation>
    </message>
    <message>
        <source>&amp;Probabilities</source>
        <translation>&amp;Wahrscheinlichkeiten</translation>
    </message>
    <message>
        <source>The network&apos;s answer: ten probabilities</source>
        <translation>Die Antwort des Netzes: zehn Wahrscheinlichkeiten</translation>
    </message>
    <message>
        <source>P&amp;reprocessing stages</source>
        <translation>&amp;Vorverarbeitung</translation>
    </message>
    <message>
        <source>Preprocessing stages</source>
        <translation>Stufen der Vorverarbeitung</translation>
    </message>
    <message>
        <source>Training&apos;s link utilisation</source>
        <translation>Auslastung der Verbindungen im Training</translation>
    </message>
    <message>
        <source>The training&apos;s batches: link utilisation</source>
        <translation>Die Batches des Trainings: Auslastung der Verbindungen</translation>
    </message>
    <message>
        <source>Link &amp;utilisation</source>
        <translation>&amp;Auslastung der Verbindungen</translation>
    </message>
    <message>
        <source>What-if cluster: link utilisation</source>
        <translation>Was-wäre-wenn-Cluster: Auslastung der Verbindungen</translation>
    </message>
    <message>
        <source>Cluster &amp;topology</source>
        <translation>Cluster-&amp;Topologie</translation>
    </message>
    <message>
        <source>Cluster topology</source>
        <translation>Cluster-Topologie</translation>
    </message>
    <message>
        <source>&amp;Replica gradients</source>
        <translation>&amp;Gradienten der Repliken</translation>
    </message>
    <message>
        <source>Replica gradients</source>
        <translation>Gradienten der Repliken</translation>
    </message>
    <message>
        <source>&amp;Measured run</source>
        <translation>&amp;Gemessener Lauf</translation>
    </message>
    <message>
        <source>Measured run against the simulation</source>
        <translation>Gemessener Lauf im Vergleich zur Simulation</translation>
    </message>
    <message>
        <source>Class &amp;distribution</source>
        <translation>&amp;Klassenverteilung</translation>
    </message>
    <message>
        <source>Class distribution</source>
        <translation>Klassenverteilung</translation>
    </message>
    <message>
        <source>&amp;Confusion matrix</source>
        <translation>&amp;Konfusionsmatrix</translation>
    </message>
    <message>
        <source>Confusion matrix</source>
        <translation>Konfusionsmatrix</translation>
    </message>
    <message>
        <source>&amp;Gallery</source>
        <translation>&amp;Galerie</translation>
    </message>
    <message>
        <source>Gallery of test images</source>
        <translation>Galerie der Testbilder</translation>
    </message>
    <message>
        <source>Spotlight: show it alone, large (F)</source>
        <translation>Scheinwerfer: allein und groß zeigen (F)</translation>
    </message>
    <message>
        <source>Hidden &amp;activations</source>
        <translation>Ver&amp;borgene Aktivierungen</translation>
    </message>
    <message>
        <source>Hidden layer activations of the sample</source>
        <translation>Aktivierungen der verborgenen Schicht für das Beispiel</translation>
    </message>
    <message>
        <source>Class &amp;view</source>
        <translation>K&amp;lassenansicht</translation>
    </message>
    <message>
        <source>Class view: the class&apos;s drawings and answers</source>
        <translation>Klassenansicht: die Zeichnungen der Klasse und die Antworten</translation>
    </message>
    <message>
        <source>Co&amp;mpared runs</source>
        <translation>Verglichene Lä&amp;ufe</translation>
    </message>
    <message>
        <source>The compared runs after each epoch</source>
        <translation>Die verglichenen Läufe nach jeder Epoche</translation>
    </message>
    <message>
        <source>Convolution &amp;kernels</source>
        <translation>Faltungsk&amp;erne</translation>
    </message>
    <message>
        <source>Convolution kernels and their gradients</source>
        <translation>Faltungskerne und ihre Gradienten</translation>
    </message>
    <message>
        <source>&amp;Feature maps</source>
        <translation>&amp;Merkmalskarten</translation>
    </message>
    <message>
        <source>Feature maps of the sample</source>
        <translation>Merkmalskarten des Beispiels</translation>
    </message>
    <message>
        <source>Dr&amp;opout mask</source>
        <translation>Dr&amp;opout-Maske</translation>
    </message>
    <message>
        <source>Dropout mask of the sample</source>
        <translation>Dropout-Maske des Beispiels</translation>
    </message>
    <message>
        <source>&amp;Weight norm</source>
        <translation>Gewichts&amp;norm</translation>
    </message>
    <message>
        <source>Weight norm under weight decay</source>
        <translation>Gewichtsnorm unter Weight Decay</translation>
    </message>
</context>
<context>
    <name>bplab::PanelUi</name>
    <message>
        <source>Export loss plot as &amp;PNG...</source>
        <translation>Verlaufsdiagramm als &amp;PNG exportieren...</translation>
    </message>
    <message>
        <source>Save the loss plot as an image</source>
        <translation>Das Verlaufsdiagramm als Bild speichern</translation>
    </message>
    <message>
        <source>Export loss plot as PD&amp;F...</source>
        <translation>Verlaufsdiagramm als P&amp;DF exportieren...</translation>
    </message>
    <message>
        <source>Save the loss plot as a vector PDF</source>
        <translation>Das Verlaufsdiagramm als Vektor-PDF speichern</translation>
    </message>
    <message>
        <source>Export &amp;heatmaps as PNG...</source>
        <translation>&amp;Heatmaps als PNG exportieren...</translation>
    </message>
    <message>
        <source>Save the weight/gradient heatmaps as an image</source>
        <translation>Die Gewichts-/Gradienten-Heatmaps als Bild speichern</translation>
    </message>
    <message>
        <source>Export loss history as &amp;CSV...</source>
        <translation>&amp;Verlaufsdaten als CSV exportieren...</translation>
    </message>
    <message>
        <source>Save every batch loss and every epoch&apos;s test loss and accuracy</source>
        <translation>Jeden Batch-Verlust und den Testverlust und die Genauigkeit jeder Epoche speichern</translation>
    </message>
    <message>
        <source>E&amp;xport panel</source>
        <translation>Bereich e&amp;xportieren</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>Spotlight pa&amp;nel</source>
        <translation>Bereich im Schei&amp;nwerfer</translation>
    </message>
    <message>
        <source>Show the panel with the focus or under the mouse alone, large, for a projector (F; a double click does it too; Esc returns)</source>
        <translation>Den Bereich mit dem Fokus oder unter der Maus allein und groß zeigen, für einen Beamer (F; ein Doppelklick tut es auch; Esc kehrt zurück)</translation>
    </message>
    <message>
        <source>Point at a panel (or click one), then press F</source>
        <translation>Auf einen Bereich zeigen (oder ihn anklicken), dann F drücken</translation>
    </message>
</context>
<context>
    <name>bplab::PictureImportDialog</name>
    <message>
        <source>No picture could be imported from %1 (%2).</source>
        <translation>Aus %1 konnte kein Bild importiert werden (%2).</translation>
    </message>
    <message>
        <source>Pictures imported from %1 as the test set: %2.</source>
        <translation>Aus %1 als Testsatz importierte Bilder: %2.</translation>
    </message>
    <message>
        <source>Import pictures</source>
        <translation>Bilder importieren</translation>
    </message>
    <message>
        <source>Importing the pictures of %1 ...</source>
        <translation>Die Bilder von %1 werden importiert ...</translation>
    </message>
    <message>
        <source>The test set of %1 as the training set: %2 images.</source>
        <translation>Der Testsatz von %1 als Trainingssatz: %2 Bilder.</translation>
    </message>
    <message>
        <source>Pictures imported from %1 as the training set: %2.</source>
        <translation>Bilder aus %1 als Trainingssatz importiert: %2.</translation>
    </message>
</context>
<context>
    <name>bplab::ProbabilityBars</name>
    <message>
        <source>Probabilities of the ten classes</source>
        <translation>Wahrscheinlichkeiten der zehn Klassen</translation>
    </message>
    <message>
        <source>%1 sure</source>
        <translation>%1 sicher</translation>
    </message>
    <message>
        <source>Draw a digit</source>
        <translation>Zeichnen Sie eine Ziffer</translation>
    </message>
    <message>
        <source>class %1 %2</source>
        <translation>Klasse %1 %2</translation>
    </message>
    <message>
        <source>class %1</source>
        <translation>Klasse %1</translation>
    </message>
    <message>
        <source>Answer %1, %2 sure</source>
        <translation>Antwort %1, zu %2 sicher</translation>
    </message>
</context>
<context>
    <name>bplab::QuestionBox</name>
    <message>
        <source>&amp;Answer</source>
        <translation>&amp;Antworten</translation>
    </message>
    <message>
        <source>Re&amp;veal</source>
        <translation>Auf&amp;decken</translation>
    </message>
    <message>
        <source>Record this answer (Enter); the next student types theirs</source>
        <translation>Diese Antwort festhalten (Enter); dann tippt die nächste Person ihre ein</translation>
    </message>
    <message>
        <source>Show the value the app computes and how many answers were right (Enter on an empty field)</source>
        <translation>Den berechneten Wert zeigen und wie viele Antworten richtig waren (Enter im leeren Feld)</translation>
    </message>
    <message>
        <source>Answer first, then reveal.</source>
        <translation>Erst antworten, dann aufdecken.</translation>
    </message>
    <message>
        <source>1 answer recorded. The next one, or Reveal.</source>
        <translation>1 Antwort festgehalten. Die nächste, oder Aufdecken.</translation>
    </message>
    <message>
        <source>%1 answers recorded. The next one, or Reveal.</source>
        <translation>%1 Antworten festgehalten. Die nächste, oder Aufdecken.</translation>
    </message>
    <message>
        <source>The app computes: %1.</source>
        <translation>Die App berechnet: %1.</translation>
    </message>
    <message>
        <source>%1 of %2 answers were right.</source>
        <translation>%1 von %2 Antworten waren richtig.</translation>
    </message>
    <message>
        <source>No answers were recorded.</source>
        <translation>Es wurden keine Antworten festgehalten.</translation>
    </message>
</context>
<context>
    <name>bplab::Recipe</name>
    <message>
        <source>Source: plain SGD</source>
        <translation>Quelle: reines SGD</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Tuned: momentum + cosine</source>
        <translation>Tuning: Momentum + Kosinus</translation>
    </message>
    <message>
        <source>Tuned</source>
        <translation>Tuning</translation>
    </message>
    <message>
        <source>Adam, lr 0.001</source>
        <translation>Adam, LR 0,001</translation>
    </message>
    <message>
        <source>Adam</source>
        <translation>Adam</translation>
    </message>
</context>
<context>
    <name>bplab::SessionFiles</name>
    <message>
        <source>%1 holds %2 training images of %3x%4 pixels; the network needs at least one image of 28x28 pixels. Choose a folder with MNIST-style IDX files.</source>
        <translation>%1 enthält %2 Trainingsbilder mit %3x%4 Pixeln; das Netz braucht mindestens ein Bild mit 28x28 Pixeln. Wählen Sie einen Ordner mit IDX-Dateien im MNIST-Format.</translation>
    </message>
    <message>
        <source>There are no weights to save yet: open a data folder first.</source>
        <translation>Es gibt noch keine Gewichte zum Speichern: öffnen Sie zuerst einen Datenordner.</translation>
    </message>
    <message>
        <source>The model was not saved to %1: %2</source>
        <translation>Das Modell wurde nicht in %1 gespeichert: %2</translation>
    </message>
    <message>
        <source>weights from the model file %1</source>
        <translation>Gewichte aus der Modelldatei %1</translation>
    </message>
    <message>
        <source>weights after batch %1</source>
        <translation>Gewichte nach Batch %1</translation>
    </message>
    <message>
        <source>There is no training to save yet: open a data folder first.</source>
        <translation>Es gibt noch kein Training zum Speichern: öffnen Sie zuerst einen Datenordner.</translation>
    </message>
    <message>
        <source>%1 was taken on %2 in %3, which cannot be read now; open that data folder, then the snapshot again.</source>
        <translation>%1 wurde mit %2 in %3 aufgenommen, das jetzt nicht lesbar ist; öffnen Sie diesen Datenordner und dann erneut den Schnappschuss.</translation>
    </message>
    <message>
        <source>There is no network to export yet: open a data folder first.</source>
        <translation>Es gibt noch kein Netz zum Exportieren: öffnen Sie zuerst einen Datenordner.</translation>
    </message>
    <message>
        <source>the weights of %1 as ONNX</source>
        <translation>die Gewichte aus %1 als ONNX</translation>
    </message>
    <message>
        <source>the network after batch %1 as ONNX</source>
        <translation>das Netz nach Batch %1 als ONNX</translation>
    </message>
    <message>
        <source>The network was not exported: %1. Any file of that name is as it was; choose a folder you can write to, with space free, and export again.</source>
        <translation>Das Netz wurde nicht exportiert: %1. Eine Datei dieses Namens ist unverändert; wählen Sie einen Ordner, in den Sie schreiben dürfen und der freien Platz hat, und exportieren Sie erneut.</translation>
    </message>
</context>
<context>
    <name>bplab::ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Tasten</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
</context>
<context>
    <name>bplab::SnapshotUi</name>
    <message>
        <source>&amp;Save snapshot...</source>
        <translation>Schnappschuss &amp;speichern...</translation>
    </message>
    <message>
        <source>Save the whole training state (weights, optimiser, position, loss history) to continue exactly from here later (Ctrl+S)</source>
        <translation>Den ganzen Trainingsstand (Gewichte, Optimierer, Position, Verlaufsdaten) speichern, um später genau hier weiterzumachen (Strg+S)</translation>
    </message>
    <message>
        <source>Open s&amp;napshot...</source>
        <translation>Schnappschuss öff&amp;nen...</translation>
    </message>
    <message>
        <source>Continue training exactly where a snapshot was taken (Ctrl+Shift+O)</source>
        <translation>Das Training genau dort fortsetzen, wo ein Schnappschuss aufgenommen wurde (Strg+Umschalt+O)</translation>
    </message>
    <message>
        <source>&amp;Resume last run</source>
        <translation>L&amp;etzten Lauf fortsetzen</translation>
    </message>
    <message>
        <source>Continue from the newest automatic snapshot (an older one if the newest is damaged)</source>
        <translation>Beim neuesten automatischen Schnappschuss weitermachen (bei einem älteren, wenn der neueste beschädigt ist)</translation>
    </message>
    <message>
        <source>&amp;Automatic snapshots...</source>
        <translation>&amp;Automatische Schnappschüsse...</translation>
    </message>
    <message>
        <source>How often the training state is saved by itself, where, and how many snapshots are kept</source>
        <translation>Wie oft der Trainingsstand selbsttätig gespeichert wird, wohin und wie viele Schnappschüsse bleiben</translation>
    </message>
    <message>
        <source>Automatic snapshot %1 (%2)</source>
        <translation>Automatischer Schnappschuss %1 (%2)</translation>
    </message>
    <message>
        <source>Saved snapshot %1: %2</source>
        <translation>Schnappschuss %1 gespeichert: %2</translation>
    </message>
    <message>
        <source>Save a training snapshot</source>
        <translation>Einen Trainingsschnappschuss speichern</translation>
    </message>
    <message>
        <source>Training snapshot (*%1)</source>
        <translation>Trainingsschnappschuss (*%1)</translation>
    </message>
    <message>
        <source>Open a training snapshot</source>
        <translation>Einen Trainingsschnappschuss öffnen</translation>
    </message>
    <message>
        <source>Training snapshot (*%1);;All files (*)</source>
        <translation>Trainingsschnappschuss (*%1);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Training paused: %1</source>
        <translation>Training angehalten: %1</translation>
    </message>
    <message>
        <source>%1 was no longer a number</source>
        <translation>%1 war keine Zahl mehr</translation>
    </message>
    <message>
        <source>%1 overflowed</source>
        <translation>%1 ist übergelaufen</translation>
    </message>
    <message>
        <source>%1 became %2 (limit %3)</source>
        <translation>%1 wurde %2 (Grenze %3)</translation>
    </message>
    <message>
        <source>Paused at lr %1: %2 in epoch %3, batch %4. The weights are back to their last finite values; try a smaller rate:</source>
        <translation>Angehalten bei LR %1: %2 in Epoche %3, Batch %4. Die Gewichte sind wieder auf ihren letzten endlichen Werten; versuchen Sie eine kleinere Rate:</translation>
    </message>
    <message>
        <source>Use lr %1</source>
        <translation>LR %1 verwenden</translation>
    </message>
    <message>
        <source>Learning rate %1: press Start (Space) to continue from the last finite weights</source>
        <translation>Lernrate %1: „Start“ (Leertaste) macht mit den letzten endlichen Gewichten weiter</translation>
    </message>
    <message>
        <source>Open the previous snapshot (%1)</source>
        <translation>Den vorigen Schnappschuss öffnen (%1)</translation>
    </message>
    <message>
        <source>Continuing from %1: %2</source>
        <translation>Weiter ab %1: %2</translation>
    </message>
    <message>
        <source>Continuing from the older snapshot %1; newer ones were refused: %2</source>
        <translation>Weiter ab dem älteren Schnappschuss %1; neuere wurden abgelehnt: %2</translation>
    </message>
</context>
<context>
    <name>bplab::SoftmaxPanel</name>
    <message>
        <source>neuron %1 (class %2)</source>
        <translation>Neuron %1 (Klasse %2)</translation>
    </message>
    <message>
        <source>neuron %1 (%2)</source>
        <translation>Neuron %1 (%2)</translation>
    </message>
    <message>
        <source>target</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <source>predicted</source>
        <translation>vorhergesagt</translation>
    </message>
    <message>
        <source>sum e^z = inf (overflow): p = e^(z - max z) / sum e^(z - max z)</source>
        <translation>Summe e^z = inf (Überlauf): p = e^(z - max z) / Summe e^(z - max z)</translation>
    </message>
    <message>
        <source>sum e^z = %1</source>
        <translation>Summe e^z = %1</translation>
    </message>
    <message>
        <source>neuron</source>
        <translation>Neuron</translation>
    </message>
    <message>
        <source>logit z</source>
        <translation>Logit z</translation>
    </message>
    <message>
        <source>e^z</source>
        <translation>e^z</translation>
    </message>
    <message>
        <source>SoftMax: p = e^z / Σ e^z over the 10 outputs</source>
        <translation>SoftMax: p = e^z / Σ e^z über die 10 Ausgaben</translation>
    </message>
    <message>
        <source>probability p</source>
        <translation>Wahrsch. p</translation>
    </message>
    <message>
        <source>No sample yet</source>
        <translation>Noch kein Bild</translation>
    </message>
    <message>
        <source>target (label %1)</source>
        <translation>Ziel (Label %1)</translation>
    </message>
    <message>
        <source>predicted (largest p)</source>
        <translation>vorhergesagt (größtes p)</translation>
    </message>
    <message>
        <source>the SoftMax table</source>
        <translation>die SoftMax-Tabelle</translation>
    </message>
    <message>
        <source>one-hot target y</source>
        <translation>One-hot-Ziel y</translation>
    </message>
    <message>
        <source>mark</source>
        <translation>Markierung</translation>
    </message>
    <message>
        <source>No sample yet.</source>
        <translation>Noch kein Bild.</translation>
    </message>
    <message>
        <source>Target %1, predicted %2 with p = %3. %4.</source>
        <translation>Ziel %1, erkannt %2 mit p = %3. %4.</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>neither</source>
        <translation>keines</translation>
    </message>
</context>
<context>
    <name>bplab::StageColumn</name>
    <message>
        <source>Stages</source>
        <translation>Stufen</translation>
    </message>
    <message>
        <source>Jump to any stage (Space or Ctrl+Right: next, Backspace or Ctrl+Left: back, Home: first; the arrow keys move in the focused picture or diagram)</source>
        <translation>Zu jeder Stufe springen (Leertaste oder Strg+Rechts: weiter, Rücktaste oder Strg+Links: zurück, Pos1: erste; die Pfeiltasten bewegen sich im fokussierten Bild oder Diagramm)</translation>
    </message>
    <message>
        <source>◀ Back</source>
        <translation>◀ Zurück</translation>
    </message>
    <message>
        <source>The previous stage (Backspace or Ctrl+Left)</source>
        <translation>Die vorige Stufe (Rücktaste oder Strg+Links)</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>Weiter ▶</translation>
    </message>
    <message>
        <source>The next stage (Space or Ctrl+Right)</source>
        <translation>Die nächste Stufe (Leertaste oder Strg+Rechts)</translation>
    </message>
    <message>
        <source>Back: the previous stage</source>
        <translation>Zurück: die vorige Stufe</translation>
    </message>
    <message>
        <source>Next stage</source>
        <translation>Nächste Stufe</translation>
    </message>
    <message>
        <source>Export as %1</source>
        <translation>Als %1 exportieren</translation>
    </message>
    <message>
        <source>Save the current stage as a picture</source>
        <translation>Die aktuelle Stufe als Bild speichern</translation>
    </message>
    <message>
        <source>Save the whole trace (every value of every stage) as %1</source>
        <translation>Den ganzen Verlauf (jeden Wert jeder Stufe) als %1 speichern</translation>
    </message>
    <message>
        <source>Export:</source>
        <translation>Export:</translation>
    </message>
    <message>
        <source>&lt;b&gt;Sizes&lt;/b&gt; (from the layer shapes)&lt;table cellspacing=&quot;0&quot; cellpadding=&quot;0&quot;&gt;</source>
        <translation>&lt;b&gt;Größen&lt;/b&gt; (aus den Schichtformen)&lt;table cellspacing=&quot;0&quot; cellpadding=&quot;0&quot;&gt;</translation>
    </message>
    <message>
        <source>W%1 %2&amp;times;%3</source>
        <translation>W%1 %2&amp;times;%3</translation>
    </message>
    <message>
        <source>all weights</source>
        <translation>alle Gewichte</translation>
    </message>
    <message>
        <source>biases %1</source>
        <translation>Biases %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;parameters&lt;/b&gt;</source>
        <translation>&lt;b&gt;Parameter&lt;/b&gt;</translation>
    </message>
    <message>
        <source>weights FP16</source>
        <translation>Gewichte FP16</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>weights FP32</source>
        <translation>Gewichte FP32</translation>
    </message>
    <message>
        <source>weights FP64</source>
        <translation>Gewichte FP64</translation>
    </message>
    <message>
        <source>all FP32</source>
        <translation>alles FP32</translation>
    </message>
    <message>
        <source>mult-adds/image</source>
        <translation>Mult.-Add./Bild</translation>
    </message>
    <message>
        <source>per batch of 64</source>
        <translation>je Batch aus 64</translation>
    </message>
    <message>
        <source>Network %1. Weights: %2 = %3; biases %4; all parameters %5.
Weights in memory at 2, 4 and 8 bytes each (FP16, FP32, FP64); all FP32 includes the biases.
Multiply-adds of the forward pass: %6 per image, %7 per batch of 64.</source>
        <translation>Netz %1. Gewichte: %2 = %3; Biases %4; alle Parameter %5.
Gewichte im Speicher mit je 2, 4 und 8 Bytes (FP16, FP32, FP64); alles FP32 enthält die Biases.
Multiplikationen mit Addition des Vorwärtsdurchlaufs: %6 je Bild, %7 je Batch aus 64.</translation>
    </message>
    <message>
        <source>10  Update and re-check</source>
        <translation>10 Gewichtsanpassungen</translation>
    </message>
</context>
<context>
    <name>bplab::StagePages</name>
    <message>
        <source>sample %1</source>
        <translation>Bild %1</translation>
    </message>
    <message>
        <source>neuron %1, sample %2</source>
        <translation>Neuron %1, Bild %2</translation>
    </message>
</context>
<context>
    <name>bplab::StageStrip</name>
    <message>
        <source>Preprocessing stages</source>
        <translation>Stufen der Vorverarbeitung</translation>
    </message>
    <message>
        <source>Click to watch the steps (click again to skip)</source>
        <translation>Klicken, um die Schritte anzusehen (erneut klicken überspringt)</translation>
    </message>
    <message>
        <source>Drawn</source>
        <translation>Gezeichnet</translation>
    </message>
    <message>
        <source>Ink cropped</source>
        <translation>Auf Tinte zugeschnitten</translation>
    </message>
    <message>
        <source>Fit in 20×20</source>
        <translation>In 20×20 eingepasst</translation>
    </message>
    <message>
        <source>Centred 28×28</source>
        <translation>Zentriert 28×28</translation>
    </message>
    <message>
        <source>Cropped</source>
        <translation>Zugeschnitten</translation>
    </message>
    <message>
        <source>20×20</source>
        <translation>20×20</translation>
    </message>
    <message>
        <source>28×28</source>
        <translation>28×28</translation>
    </message>
    <message>
        <source>No drawing yet.</source>
        <translation>Noch keine Zeichnung.</translation>
    </message>
    <message>
        <source>%1: %2×%3 pixels</source>
        <translation>%1: %2×%3 Pixel</translation>
    </message>
    <message>
        <source>The ink fills %1×%2 of the 20×20 box, which lies at (%3, %4) in the 28×28 input.</source>
        <translation>Die Tinte füllt %1×%2 des 20×20-Felds, das bei (%3, %4) in der 28×28-Eingabe liegt.</translation>
    </message>
</context>
<context>
    <name>bplab::StatusLine</name>
    <message>
        <source>No data</source>
        <translation>Keine Daten</translation>
    </message>
    <message>
        <source>Loading</source>
        <translation>Lädt</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>Angehalten</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>Läuft</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Fertig</translation>
    </message>
    <message>
        <source>What the training is doing</source>
        <translation>Was das Training gerade tut</translation>
    </message>
    <message>
        <source>Mini-batches done in this epoch</source>
        <translation>Fertige Mini-Batches in dieser Epoche</translation>
    </message>
    <message>
        <source>Training speed: images per second over the last half second</source>
        <translation>Trainingstempo: Bilder pro Sekunde in der letzten halben Sekunde</translation>
    </message>
    <message>
        <source>Time left for the remaining epochs at the current speed (without the evaluations on the test set)</source>
        <translation>Restzeit der verbleibenden Epochen beim jetzigen Tempo (ohne die Auswertungen auf dem Testsatz)</translation>
    </message>
    <message>
        <source>The data set in use and its folder</source>
        <translation>Der verwendete Datensatz und sein Ordner</translation>
    </message>
    <message>
        <source>Data folder: %1</source>
        <translation>Datenordner: %1</translation>
    </message>
    <message>
        <source>No data folder found</source>
        <translation>Kein Datenordner gefunden</translation>
    </message>
    <message>
        <source>Could not read %1</source>
        <translation>%1 konnte nicht gelesen werden</translation>
    </message>
    <message>
        <source>Epoch -</source>
        <translation>Epoche -</translation>
    </message>
    <message>
        <source>Epoch %1 / %2</source>
        <translation>Epoche %1 / %2</translation>
    </message>
    <message>
        <source>%1 samples/s</source>
        <translation>%1 Bilder/s</translation>
    </message>
    <message>
        <source>done</source>
        <translation>fertig</translation>
    </message>
    <message>
        <source>ETA %1</source>
        <translation>Rest %1</translation>
    </message>
    <message>
        <source>averaged %1 samples/s</source>
        <translation>im Mittel %1 Bilder/s</translation>
    </message>
    <message>
        <source>Mini-batches done in the epoch in progress (an epoch is a pass over the whole training set)</source>
        <translation>Erledigte Mini-Batches der laufenden Epoche (eine Epoche ist ein Durchgang durch die ganze Trainingsmenge)</translation>
    </message>
    <message>
        <source>batch %1 of %2, epoch %3 of %4</source>
        <translation>Batch %1 von %2, Epoche %3 von %4</translation>
    </message>
    <message>
        <source>one sample at a time</source>
        <translation>ein Bild nach dem anderen</translation>
    </message>
    <message>
        <source>%1 batches/s</source>
        <translation>%1 Batches/s</translation>
    </message>
    <message>
        <source>%1 of %2 training</source>
        <translation>%1 von %2 Trainings-</translation>
    </message>
    <message>
        <source>%1 training</source>
        <translation>%1 Trainings-</translation>
    </message>
    <message>
        <source>%1: %2 / %3 test images</source>
        <translation>%1: %2 / %3 Testbilder</translation>
    </message>
    <message>
        <source>Status bar</source>
        <translation>Statusleiste</translation>
    </message>
    <message>
        <source>Epoch %1: test accuracy %2 %, test loss %3</source>
        <translation>Epoche %1: Testgenauigkeit %2 %, Testverlust %3</translation>
    </message>
    <message>
        <source>A new branch from batch %1: the earlier one stays on the loss plot, faint</source>
        <translation>Ein neuer Zweig ab Batch %1: der frühere bleibt blass im Loss-Diagramm</translation>
    </message>
    <message>
        <source>Saved %1 (%2)</source>
        <translation>%1 gespeichert (%2)</translation>
    </message>
</context>
<context>
    <name>bplab::StepChooser</name>
    <message>
        <source>Test image</source>
        <translation>Testbild</translation>
    </message>
    <message>
        <source>Training image</source>
        <translation>Trainingsbild</translation>
    </message>
    <message>
        <source>Image set</source>
        <translation>Bildersatz</translation>
    </message>
    <message>
        <source>The image&apos;s index in the set, from 0</source>
        <translation>Der Index des Bildes im Satz, ab 0</translation>
    </message>
    <message>
        <source>Image index</source>
        <translation>Bildindex</translation>
    </message>
    <message>
        <source>Random</source>
        <translation>Zufällig</translation>
    </message>
    <message>
        <source>Training&apos;s sample</source>
        <translation>Bild des Trainings</translation>
    </message>
    <message>
        <source>The training image the training is on</source>
        <translation>Das Trainingsbild, bei dem das Training gerade ist</translation>
    </message>
    <message>
        <source>Misclassified</source>
        <translation>Falsch erkannt</translation>
    </message>
    <message>
        <source>The next test image the model gets wrong</source>
        <translation>Das nächste Testbild, das das Modell falsch erkennt</translation>
    </message>
    <message>
        <source>The learning rate of this one step: the training&apos;s, unless a lesson step or you set one here</source>
        <translation>Die Lernrate dieses einen Schritts: die des Trainings, außer ein Lektionsschritt oder Sie legen hier eine fest</translation>
    </message>
    <message>
        <source>Learning rate of this step</source>
        <translation>Lernrate dieses Schritts</translation>
    </message>
    <message>
        <source>Use the training&apos;s</source>
        <translation>Die des Trainings</translation>
    </message>
    <message>
        <source>Step through with the training&apos;s learning rate again, and follow it</source>
        <translation>Wieder mit der Lernrate des Trainings durchgehen und ihr folgen</translation>
    </message>
    <message>
        <source>Current weights</source>
        <translation>Aktuelle Gewichte</translation>
    </message>
    <message>
        <source>Step through with the training&apos;s weights as they are now</source>
        <translation>Mit den Gewichten des Trainings, wie sie jetzt sind, Schritt für Schritt gehen</translation>
    </message>
    <message>
        <source>Model file…</source>
        <translation>Modelldatei…</translation>
    </message>
    <message>
        <source>Step through the weights of a saved model (.bplab model file or .npz)</source>
        <translation>Mit den Gewichten eines gespeicherten Modells (.bplab-Modelldatei oder .npz) Schritt für Schritt gehen</translation>
    </message>
    <message>
        <source>batch </source>
        <translation>Batch </translation>
    </message>
    <message>
        <source>one image</source>
        <translation>ein Bild</translation>
    </message>
    <message>
        <source>Mini-batch size of this step</source>
        <translation>Mini-Batch-Größe dieses Schritts</translation>
    </message>
    <message>
        <source>Mini-batch: the chosen image and the next ones of its set, one SGD step on their averaged gradient (the training&apos;s batch is 64)</source>
        <translation>Mini-Batch: das gewählte Bild und die folgenden seines Satzes, ein SGD-Schritt mit ihrem gemittelten Gradienten (der Batch des Trainings ist 64)</translation>
    </message>
    <message>
        <source>lr</source>
        <translation>LR</translation>
    </message>
    <message>
        <source>The model gets every test image right.</source>
        <translation>Das Modell erkennt jedes Testbild richtig.</translation>
    </message>
    <message>
        <source> of %1</source>
        <translation> von %1</translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation>Modell: %1</translation>
    </message>
    <message>
        <source>No model yet</source>
        <translation>Noch kein Modell</translation>
    </message>
    <message>
        <source>; batch: %1</source>
        <translation>; Batch: %1</translation>
    </message>
    <message>
        <source>; image: %1</source>
        <translation>; Bild: %1</translation>
    </message>
    <message>
        <source>%1 #%2 to #%3</source>
        <translation>%1 #%2 bis #%3</translation>
    </message>
    <message>
        <source>Step through a model file</source>
        <translation>Eine Modelldatei Schritt für Schritt</translation>
    </message>
    <message>
        <source>Models (*.bplab *.npz);;All files (*)</source>
        <translation>Modelle (*.bplab *.npz);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Model file</source>
        <translation>Modelldatei</translation>
    </message>
    <message>
        <source>Cannot use %1: %2</source>
        <translation>%1 ist nicht verwendbar: %2</translation>
    </message>
    <message>
        <source>There is no image %1 in the %2 set (it holds %3); showing image 0.</source>
        <translation>Im %2-Satz gibt es kein Bild %1 (er enthält %3); Bild 0 wird gezeigt.</translation>
    </message>
    <message>
        <source>test</source>
        <translation>Test</translation>
    </message>
    <message>
        <source>training</source>
        <translation>Trainings</translation>
    </message>
    <message>
        <source>Cannot read the images: %1</source>
        <translation>Die Bilder sind nicht lesbar: %1</translation>
    </message>
    <message>
        <source>the training&apos;s</source>
        <translation>die des Trainings</translation>
    </message>
    <message>
        <source>the lesson&apos;s</source>
        <translation>die der Lektion</translation>
    </message>
    <message>
        <source>set here</source>
        <translation>hier gesetzt</translation>
    </message>
    <message>
        <source>Learning rate: %1</source>
        <translation>Lernrate: %1</translation>
    </message>
    <message>
        <source>Step through the training&apos;s weights or a Compare run&apos;s network at its latest weights</source>
        <translation>Mit den Gewichten des Trainings oder dem Netz eines Laufs aus Vergleichen mit seinen neuesten Gewichten Schritt für Schritt gehen</translation>
    </message>
    <message>
        <source>file %1, %2</source>
        <translation>Datei %1, %2</translation>
    </message>
    <message>
        <source>%1: the latest weights of Compare run %2</source>
        <translation>%1: die neuesten Gewichte von Lauf %2 aus Vergleichen</translation>
    </message>
    <message>
        <source>Waiting for Compare run %1 to finish an epoch; until then: %2</source>
        <translation>Warten, bis Lauf %1 aus Vergleichen eine Epoche beendet hat; bis dahin: %2</translation>
    </message>
</context>
<context>
    <name>bplab::StepFeed</name>
    <message>
        <source>Step through this digit</source>
        <translation>Schritt für Schritt</translation>
    </message>
    <message>
        <source>Which digit did you draw? It is the target y of the backward pass.</source>
        <translation>Welche Ziffer haben Sie gezeichnet? Sie ist das Ziel y des Rückwärtsdurchlaufs.</translation>
    </message>
    <message>
        <source>drawn digit</source>
        <translation>gezeichnete Ziffer</translation>
    </message>
</context>
<context>
    <name>bplab::StepPredict</name>
    <message>
        <source>What is the weighted sum z1 of hidden neuron %1, to 2 decimals?</source>
        <translation>Wie groß ist die gewichtete Summe z1 des verborgenen Neurons %1, auf 2 Nachkommastellen?</translation>
    </message>
    <message>
        <source>Which class will have the largest probability p?</source>
        <translation>Welche Klasse bekommt die größte Wahrscheinlichkeit p?</translation>
    </message>
    <message>
        <source>What is the loss L = -ln p for the label %1, to 2 decimals?</source>
        <translation>Wie groß ist der Verlust L = -ln p für das Label %1, auf 2 Nachkommastellen?</translation>
    </message>
    <message>
        <source>Is delta2 of the true class %1 positive (+), negative (-) or zero (0)?</source>
        <translation>Ist delta2 der richtigen Klasse %1 positiv (+), negativ (-) oder null (0)?</translation>
    </message>
    <message>
        <source>Is delta1 of hidden neuron %1 positive (+), negative (-) or zero (0)?</source>
        <translation>Ist delta1 des verborgenen Neurons %1 positiv (+), negativ (-) oder null (0)?</translation>
    </message>
    <message>
        <source>After the update, is the loss on this image lower (yes or no)?</source>
        <translation>Ist der Verlust auf diesem Bild nach dem Update kleiner (yes oder no)?</translation>
    </message>
    <message>
        <source>Predict fi&amp;rst</source>
        <translation>Erst vo&amp;rhersagen</translation>
    </message>
    <message>
        <source>Show the values</source>
        <translation>Die Werte zeigen</translation>
    </message>
    <message>
        <source>Hide each stage&apos;s values behind a question until the class has answered and revealed it</source>
        <translation>Die Werte jeder Stufe hinter einer Frage verbergen, bis die Klasse geantwortet und aufgedeckt hat</translation>
    </message>
    <message>
        <source>Stage %1: predict first, then see the values.</source>
        <translation>Stufe %1: erst vorhersagen, dann die Werte sehen.</translation>
    </message>
    <message>
        <source>What is the output a1 = %2(z1) of hidden neuron %1, to 2 decimals?</source>
        <translation>Wie groß ist die Ausgabe a1 = %2(z1) des verborgenen Neurons %1, auf 2 Nachkommastellen?</translation>
    </message>
    <message>
        <source>What is the weighted sum z of neuron %1 in hidden layer %2, to 2 decimals?</source>
        <translation>Wie groß ist die gewichtete Summe z des Neurons %1 in der verborgenen Schicht %2, auf 2 Nachkommastellen?</translation>
    </message>
    <message>
        <source>What is the output a = %2(z) of neuron %1 in hidden layer %3, to 2 decimals?</source>
        <translation>Wie groß ist die Ausgabe a = %2(z) des Neurons %1 in der verborgenen Schicht %3, auf 2 Nachkommastellen?</translation>
    </message>
    <message>
        <source>Is the delta of neuron %1 in hidden layer %2 positive (+), negative (-) or zero (0)?</source>
        <translation>Ist das Delta des Neurons %1 in der verborgenen Schicht %2 positiv (+), negativ (-) oder null (0)?</translation>
    </message>
    <message>
        <source>neuron %1</source>
        <translation>Neuron %1</translation>
    </message>
    <message>
        <source>feature map %1, row %2, column %3</source>
        <translation>Feature-Map %1, Zeile %2, Spalte %3</translation>
    </message>
    <message>
        <source>Is the delta of %1 positive (+), negative (-) or zero (0)?</source>
        <translation>Ist das Delta von %1 positiv (+), negativ (-) oder null (0)?</translation>
    </message>
    <message>
        <source>What is the weighted sum z of %1, to 2 decimals?</source>
        <translation>Wie groß ist die gewichtete Summe z von %1, auf 2 Nachkommastellen?</translation>
    </message>
</context>
<context>
    <name>bplab::StepView</name>
    <message>
        <source>exact value: %1</source>
        <translation>genauer Wert: %1</translation>
    </message>
    <message>
        <source>Nothing to export yet: choose an image and a model first.</source>
        <translation>Noch nichts zu exportieren: wählen Sie zuerst ein Bild und ein Modell.</translation>
    </message>
    <message>
        <source>the Step through page</source>
        <translation>die Seite „Schritt für Schritt“</translation>
    </message>
    <message>
        <source>SoftMax table</source>
        <translation>SoftMax-Tabelle</translation>
    </message>
</context>
<context>
    <name>bplab::TimelineBar</name>
    <message>
        <source>Every batch trained so far: drag to show the network as it was after that batch in every view (Left/Right: one batch, Home/End)</source>
        <translation>Jeder bisher trainierte Batch: ziehen zeigt das Netz in jeder Ansicht, wie es nach diesem Batch war (Links/Rechts: ein Batch, Pos1/Ende)</translation>
    </message>
    <message>
        <source>The weights every view shows</source>
        <translation>Die Gewichte, die jede Ansicht zeigt</translation>
    </message>
    <message>
        <source>Continue from here</source>
        <translation>Von hier weiter</translation>
    </message>
    <message>
        <source>Train on from the batch shown, at the toolbar&apos;s learning rate: the batches after it stay on the loss plot as a faint curve</source>
        <translation>Vom gezeigten Batch an mit der Lernrate der Werkzeugleiste weitertrainieren: die Batches danach bleiben als blasse Kurve im Loss-Diagramm</translation>
    </message>
    <message>
        <source>The first batch of the history (Home)</source>
        <translation>Der erste Batch des Verlaufs (Pos1)</translation>
    </message>
    <message>
        <source>One batch back (Left)</source>
        <translation>Einen Batch zurück (Links)</translation>
    </message>
    <message>
        <source>The latest batch: follow the training (End)</source>
        <translation>Der neueste Batch: dem Training folgen (Ende)</translation>
    </message>
    <message>
        <source>Timeline: the batch every view shows</source>
        <translation>Zeitleiste: der Batch, den jede Ansicht zeigt</translation>
    </message>
    <message>
        <source>First batch</source>
        <translation>Erster Batch</translation>
    </message>
    <message>
        <source>One batch back</source>
        <translation>Einen Batch zurück</translation>
    </message>
    <message>
        <source>One batch on</source>
        <translation>Einen Batch weiter</translation>
    </message>
    <message>
        <source>Latest batch</source>
        <translation>Neuester Batch</translation>
    </message>
    <message>
        <source>One batch on, up to the latest (Right); Step trains the next</source>
        <translation>Einen Batch weiter, bis zum neuesten (Rechts); Schritt trainiert den nächsten</translation>
    </message>
</context>
<context>
    <name>bplab::TimelineUi</name>
    <message>
        <source>Step one sa&amp;mple</source>
        <translation>Ein &amp;Bild weiter</translation>
    </message>
    <message>
        <source>Show the next sample of the batch through the network; after the batch&apos;s last sample, its update (Shift+S)</source>
        <translation>Das nächste Bild des Batches durch das Netz schicken; nach dem letzten Bild des Batches folgt sein Update (Umschalt+S)</translation>
    </message>
    <message>
        <source>&amp;Faster</source>
        <translation>&amp;Schneller</translation>
    </message>
    <message>
        <source>The next faster pace (+)</source>
        <translation>Das nächstschnellere Tempo (+)</translation>
    </message>
    <message>
        <source>S&amp;lower</source>
        <translation>&amp;Langsamer</translation>
    </message>
    <message>
        <source>The next slower pace (-)</source>
        <translation>Das nächstlangsamere Tempo (-)</translation>
    </message>
    <message>
        <source>Train at this pace</source>
        <translation>In diesem Tempo trainieren</translation>
    </message>
    <message>
        <source>&amp;Previous batch</source>
        <translation>&amp;Voriger Batch</translation>
    </message>
    <message>
        <source>Show the network as it was one batch earlier (Left)</source>
        <translation>Das Netz zeigen, wie es einen Batch früher war (Links)</translation>
    </message>
    <message>
        <source>&amp;Next batch</source>
        <translation>&amp;Nächster Batch</translation>
    </message>
    <message>
        <source>Fi&amp;rst batch</source>
        <translation>&amp;Erster Batch</translation>
    </message>
    <message>
        <source>Show the network before the first batch of the history (Home)</source>
        <translation>Das Netz vor dem ersten Batch des Verlaufs zeigen (Pos1)</translation>
    </message>
    <message>
        <source>&amp;Latest batch</source>
        <translation>Ne&amp;uester Batch</translation>
    </message>
    <message>
        <source>Show the training&apos;s latest weights again (End)</source>
        <translation>Wieder die neuesten Gewichte des Trainings zeigen (Ende)</translation>
    </message>
    <message>
        <source>&amp;Continue from here</source>
        <translation>Von &amp;hier weitertrainieren</translation>
    </message>
    <message>
        <source>Train on from the batch shown at the toolbar&apos;s learning rate; the batches after it stay on the loss plot as a faint curve (Ctrl+Enter)</source>
        <translation>Vom gezeigten Batch an mit der Lernrate der Werkzeugleiste weitertrainieren; die Batches danach bleiben als blasse Kurve im Loss-Diagramm (Strg+Eingabe)</translation>
    </message>
    <message>
        <source>P&amp;ace</source>
        <translation>&amp;Tempo</translation>
    </message>
    <message>
        <source>One batch on, up to the latest (Right); Step trains the next (S)</source>
        <translation>Einen Batch weiter, bis zum neuesten (Rechts); Schritt trainiert den nächsten (S)</translation>
    </message>
</context>
<context>
    <name>bplab::TrainView</name>
    <message>
        <source>The first training sample of the last mini-batch, its label, one-hot target and the network&apos;s prediction</source>
        <translation>Das erste Trainingsbild des letzten Mini-Batches, sein Label, das One-hot-Ziel und die Vorhersage des Netzes</translation>
    </message>
    <message>
        <source>The ten output neurons for that sample: logit z, e^z and the probability p = e^z / sum</source>
        <translation>Die zehn Ausgabeneuronen für dieses Bild: Logit z, e^z und die Wahrscheinlichkeit p = e^z / Summe</translation>
    </message>
    <message>
        <source>No hidden layer: 784-10, the pixels go straight to the outputs</source>
        <translation>Keine verdeckte Schicht: 784-10, die Pixel gehen direkt an die Ausgänge</translation>
    </message>
</context>
<context>
    <name>bplab::TrainingController</name>
    <message>
        <source>weights from the model file %1</source>
        <translation>Gewichte aus der Modelldatei %1</translation>
    </message>
    <message>
        <source>untrained weights (batch 0)</source>
        <translation>untrainierte Gewichte (Batch 0)</translation>
    </message>
    <message>
        <source>weights after batch %1 (epoch %2)</source>
        <translation>Gewichte nach Batch %1 (Epoche %2)</translation>
    </message>
    <message>
        <source>%1, from the timeline</source>
        <translation>%1, aus dem Verlauf</translation>
    </message>
</context>
<context>
    <name>bplab::TrainingWorker</name>
    <message>
        <source>The evaluation on the test set after epoch %1 gave no finite loss: the weights have grown too large. Lower the learning rate and press Reset (Ctrl+R).</source>
        <translation>Die Auswertung auf dem Testsatz nach Epoche %1 ergab keinen endlichen Verlust: die Gewichte sind zu groß geworden. Senken Sie die Lernrate und drücken Sie „Neustart“ (Strg+R).</translation>
    </message>
    <message>
        <source>The loss of batch %1 is %2 at learning rate %3: the weights diverged. Lower the learning rate and press Reset (Ctrl+R).</source>
        <translation>Der Verlust von Batch %1 ist %2 bei Lernrate %3: die Gewichte sind divergiert. Senken Sie die Lernrate und drücken Sie „Neustart“ (Strg+R).</translation>
    </message>
    <message>
        <source>Batch %1 could not be shown again: %2</source>
        <translation>Batch %1 ließ sich nicht wieder zeigen: %2</translation>
    </message>
</context>
<context>
    <name>bplab::ValueGrid</name>
    <message>
        <source>pixel (row %1, col %2), input %3</source>
        <translation>Pixel (Zeile %1, Spalte %2), Eingabe %3</translation>
    </message>
    <message>
        <source>%1 (%2×%3): from %4 to %5; largest: %6.</source>
        <translation>%1 (%2×%3): von %4 bis %5; größte: %6.</translation>
    </message>
    <message>
        <source>Selected: %1.</source>
        <translation>Gewählt: %1.</translation>
    </message>
    <message>
        <source>Framed: rows %1 to %2, columns %3 to %4.</source>
        <translation>Umrahmt: Zeilen %1 bis %2, Spalten %3 bis %4.</translation>
    </message>
</context>
<context>
    <name>bplab::ViewStack</name>
    <message>
        <source>Views</source>
        <translation>Ansichten</translation>
    </message>
    <message>
        <source>The views (Ctrl+1 ... Ctrl+%1)</source>
        <translation>Die Ansichten (Strg+1 ... Strg+%1)</translation>
    </message>
    <message>
        <source>%1 (Ctrl+%2)</source>
        <translation>%1 (Strg+%2)</translation>
    </message>
</context>
<context>
    <name>bplab::WeightNormPanel</name>
    <message>
        <source>The size of all weights and biases, ‖w‖₂ = sqrt(sum of w²), after each batch: weight decay adds lambda w to every gradient and so pulls each weight towards 0.</source>
        <translation>Die Größe aller Gewichte und Biases, ‖w‖₂ = sqrt(Summe der w²), nach jedem Batch: Weight Decay addiert lambda w zu jedem Gradienten und zieht so jedes Gewicht zu 0.</translation>
    </message>
    <message>
        <source>Weight decay λ = %1: no weights yet</source>
        <translation>Weight Decay λ = %1: noch keine Gewichte</translation>
    </message>
    <message>
        <source>‖w‖₂ = %1 after batch %2 (weight decay λ = %3; %4 at batch %5)</source>
        <translation>‖w‖₂ = %1 nach Batch %2 (Weight Decay λ = %3; %4 bei Batch %5)</translation>
    </message>
    <message>
        <source>‖w‖₂ = %1 (λ = %2)</source>
        <translation>‖w‖₂ = %1 (λ = %2)</translation>
    </message>
    <message>
        <source>batch %1</source>
        <translation>Batch %1</translation>
    </message>
    <message>
        <source>the weights&apos; norm</source>
        <translation>die Norm der Gewichte</translation>
    </message>
    <message>
        <source>batch</source>
        <translation>Batch</translation>
    </message>
    <message>
        <source>norm ‖w‖₂</source>
        <translation>Norm ‖w‖₂</translation>
    </message>
</context>
<context>
    <name>bplab::clusterview::ClusterView</name>
    <message>
        <source>Show each link</source>
        <translation>Jede Verbindung zeigen</translation>
    </message>
    <message>
        <source>One line per directional link instead of one per kind of link</source>
        <translation>Eine Linie je gerichteter Verbindung statt einer je Art von Verbindung</translation>
    </message>
    <message>
        <source>Drag or scroll on the time axis to zoom</source>
        <translation>Auf der Zeitachse ziehen oder scrollen zoomt</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Abspielen</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>%1 steps/s</source>
        <translation>%1 Schritte/s</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>Tempo</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>Topology and ring</source>
        <translation>Topologie und Ring</translation>
    </message>
    <message>
        <source>Replica gradients</source>
        <translation>Repliken</translation>
    </message>
    <message>
        <source>Gen4 x16, 31.5 GB/s</source>
        <translation>Gen4 x16, 31,5 GB/s</translation>
    </message>
    <message>
        <source>Gen5 x16, 63 GB/s</source>
        <translation>Gen5 x16, 63 GB/s</translation>
    </message>
    <message>
        <source>A100, 300 GB/s</source>
        <translation>A100, 300 GB/s</translation>
    </message>
    <message>
        <source>H100, 450 GB/s</source>
        <translation>H100, 450 GB/s</translation>
    </message>
    <message>
        <source>200 Gb/s</source>
        <translation>200 Gb/s</translation>
    </message>
    <message>
        <source>400 Gb/s</source>
        <translation>400 Gb/s</translation>
    </message>
    <message>
        <source>Multiplies every link latency; 0 = no latency</source>
        <translation>Multipliziert jede Latenz einer Verbindung; 0 = keine Latenz</translation>
    </message>
    <message>
        <source>Servers</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>GPUs / server</source>
        <translation>GPUs / Server</translation>
    </message>
    <message>
        <source>PCIe</source>
        <translation>PCIe</translation>
    </message>
    <message>
        <source>NVLink</source>
        <translation>NVLink</translation>
    </message>
    <message>
        <source>NIC</source>
        <translation>NIC</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>Latenz</translation>
    </message>
    <message>
        <source>All-reduce</source>
        <translation>All-Reduce</translation>
    </message>
    <message>
        <source>Ring</source>
        <translation>Ring</translation>
    </message>
    <message>
        <source>Hierarchical</source>
        <translation>Hierarchisch</translation>
    </message>
    <message>
        <source>Gradient bucket cap: a bucket is all-reduced as soon as the backward pass has produced it</source>
        <translation>Obergrenze eines Gradienten-Buckets: ein Bucket wird all-reduced, sobald der Rückwärtsdurchlauf ihn erzeugt hat</translation>
    </message>
    <message>
        <source>The timed gradient is this many times 407,080 bytes</source>
        <translation>Der gemessene Gradient ist so oft 407.080 Bytes</translation>
    </message>
    <message>
        <source>Algorithm</source>
        <translation>Algorithmus</translation>
    </message>
    <message>
        <source>Bucket cap</source>
        <translation>Bucket-Grenze</translation>
    </message>
    <message>
        <source>Model size</source>
        <translation>Modellgröße</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Ausführen</translation>
    </message>
    <message>
        <source>Dataset resident in VRAM</source>
        <translation>Datensatz im VRAM</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source>Write a snapshot every k iterations</source>
        <translation>Alle k Iterationen einen Schnappschuss schreiben</translation>
    </message>
    <message>
        <source>A GPU or link fails during this iteration (0-based): roll back to the last snapshot</source>
        <translation>Eine GPU oder Verbindung fällt in dieser Iteration aus (ab 0): zurück zum letzten Schnappschuss</translation>
    </message>
    <message>
        <source>The first network message of this iteration is lost once and sent again after a timeout</source>
        <translation>Die erste Netzwerknachricht dieser Iteration geht einmal verloren und wird nach einer Zeitüberschreitung erneut gesendet</translation>
    </message>
    <message>
        <source>Iterations</source>
        <translation>Iterationen</translation>
    </message>
    <message>
        <source>Snapshot every</source>
        <translation>Schnappschuss alle</translation>
    </message>
    <message>
        <source>Fail at iteration</source>
        <translation>Ausfall bei Iteration</translation>
    </message>
    <message>
        <source>Lost packet at</source>
        <translation>Verlorenes Paket bei</translation>
    </message>
    <message>
        <source>Simulating %1 GPUs × %2 iterations…</source>
        <translation>Simuliere %1 GPUs × %2 Iterationen…</translation>
    </message>
    <message>
        <source>%1 GPUs, %2 bucket(s) of the %3 gradient. Per iteration: %4 (compute %5, all-reduce %6). algbw %7, busbw %8. Total %9.</source>
        <translation>%1 GPUs, %2 Bucket(s) des Gradienten von %3. Je Iteration: %4 (Rechnen %5, All-Reduce %6). algbw %7, busbw %8. Gesamt %9.</translation>
    </message>
    <message>
        <source> Snapshots: %1 (each %2); Young&apos;s interval %3 ≈ %4 iterations, chosen k = %5.</source>
        <translation> Schnappschüsse: %1 (je %2); Youngs Intervall %3 ≈ %4 Iterationen, gewählt k = %5.</translation>
    </message>
    <message>
        <source> Failure: %1 iterations lost, %2 of work redone.</source>
        <translation> Ausfall: %1 Iterationen verloren, %2 Arbeit wiederholt.</translation>
    </message>
    <message>
        <source>What-if cluster</source>
        <translation>Angenommener Cluster</translation>
    </message>
    <message>
        <source>A simulated cluster of GPUs and links, timed by the simulator for the real gradient size. The training itself runs its replicas in this process: choose them with Replicas in the toolbar.</source>
        <translation>Ein simulierter Cluster aus GPUs und Verbindungen, vom Simulator für die echte Größe des Gradienten berechnet. Das Training selbst rechnet seine Repliken in diesem Prozess: wählen Sie sie mit „Repliken“ in der Werkzeugleiste.</translation>
    </message>
    <message>
        <source>Training, live</source>
        <translation>Training, live</translation>
    </message>
    <message>
        <source>The training&apos;s own batches, each timed on the what-if cluster&apos;s links for the real gradient</source>
        <translation>Die Batches des Trainings selbst, jeder mit dem echten Gradienten auf den Verbindungen des angenommenen Clusters getaktet</translation>
    </message>
    <message>
        <source>What-if links</source>
        <translation>Angenommen</translation>
    </message>
    <message>
        <source>The what-if run of the controls on the left: its length, model size, snapshots and faults</source>
        <translation>Der angenommene Lauf der Einstellungen links: Länge, Modellgröße, Snapshots und Fehler</translation>
    </message>
    <message>
        <source>Measured (MPI)</source>
        <translation>Gemessen (MPI)</translation>
    </message>
    <message>
        <source>A real run of train --mpi beside the simulator&apos;s prediction for the same bytes</source>
        <translation>Ein echter Lauf von train --mpi neben der Vorhersage des Simulators für dieselben Bytes</translation>
    </message>
</context>
<context>
    <name>bplab::clusterview::LinkPlot</name>
    <message>
        <source>link utilisation (%)</source>
        <translation>Auslastung der Verbindungen (%)</translation>
    </message>
    <message>
        <source>iteration (in the order run)</source>
        <translation>Iteration (in der Reihenfolge des Laufs)</translation>
    </message>
    <message>
        <source>GB/s</source>
        <translation>GB/s</translation>
    </message>
    <message>
        <source>%1 (%2 of %3 links in use)</source>
        <translation>%1 (%2 von %3 genutzt)</translation>
    </message>
    <message>
        <source>%1 links</source>
        <translation>%1 Verbindungen</translation>
    </message>
    <message>
        <source>simulated time (%1)</source>
        <translation>simulierte Zeit (%1)</translation>
    </message>
    <message>
        <source>algbw</source>
        <translation>algbw</translation>
    </message>
    <message>
        <source>busbw = algbw × 2(N−1)/N</source>
        <translation>busbw = algbw × 2(N−1)/N</translation>
    </message>
    <message>
        <source>line rate %1</source>
        <translation>Leitungsrate %1</translation>
    </message>
    <message>
        <source>trained batch</source>
        <translation>trainierter Batch</translation>
    </message>
    <message>
        <source>batch %1</source>
        <translation>Batch %1</translation>
    </message>
    <message>
        <source>the link-utilisation graph</source>
        <translation>das Diagramm der Verbindungsauslastung</translation>
    </message>
    <message>
        <source>No run simulated yet.</source>
        <translation>Noch kein Lauf simuliert.</translation>
    </message>
    <message>
        <source>%1 iterations in %2 ms on %3 links; the busiest, %4, is busy %5 % of the time.</source>
        <translation>%1 Iterationen in %2 ms auf %3 Verbindungen; die meistbelegte, %4, ist %5 % der Zeit belegt.</translation>
    </message>
</context>
<context>
    <name>bplab::clusterview::LivePanel</name>
    <message>
        <source>Show each link</source>
        <translation>Jede Verbindung zeigen</translation>
    </message>
    <message>
        <source>One line per directional link instead of one per kind of link</source>
        <translation>Eine Linie je gerichteter Verbindung statt einer je Art von Verbindung</translation>
    </message>
    <message>
        <source>Start or step the training: each trained batch appears here, timed for the real gradient on the what-if cluster&apos;s links.</source>
        <translation>Starten Sie das Training oder gehen Sie schrittweise vor: jeder trainierte Batch erscheint hier, mit dem echten Gradienten auf den Verbindungen des angenommenen Clusters getaktet.</translation>
    </message>
    <message>
        <source>Batch %1: %2 replicas as %3 × %4 GPUs, %5 samples each; the gradient, %6, in %7 bucket(s). Simulated per iteration: PCIe copy %8, compute %9, all-reduce %10 (busbw %11).</source>
        <translation>Batch %1: %2 Repliken als %3 × %4 GPUs, je %5 Bilder; der Gradient, %6, in %7 Bucket(s). Simuliert je Iteration: PCIe-Kopie %8, Rechnung %9, All-Reduce %10 (busbw %11).</translation>
    </message>
    <message>
        <source>Batch %1 of the %2 network on 1 replica: nothing to all-reduce, only the mini-batch&apos;s PCIe copy (%3) and the compute (%4). Choose 2, 4 or 8 Replicas in the toolbar and Reset to see its gradient of %5 values cross NVLink and the NICs.</source>
        <translation>Batch %1 des Netzes %2 auf 1 Replik: nichts für ein All-Reduce, nur die PCIe-Kopie des Mini-Batches (%3) und die Rechnung (%4). Wählen Sie 2, 4 oder 8 Repliken in der Werkzeugleiste und „Neustart“, um seinen Gradienten aus %5 Werten über NVLink und die NICs laufen zu sehen.</translation>
    </message>
</context>
<context>
    <name>bplab::clusterview::MeasuredPanel</name>
    <message>
        <source>Open trace…</source>
        <translation>Aufzeichnung öffnen…</translation>
    </message>
    <message>
        <source>Run with mpirun</source>
        <translation>Mit mpirun ausführen</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Anhalten</translation>
    </message>
    <message>
        <source>A trace that backprop-lab-cli train --mpi --trace FILE wrote</source>
        <translation>Eine Aufzeichnung, die backprop-lab-cli train --mpi --trace DATEI geschrieben hat</translation>
    </message>
    <message>
        <source>Processes (ranks) that mpirun starts on this machine</source>
        <translation>Prozesse (Ranks), die mpirun auf diesem Rechner startet</translation>
    </message>
    <message>
        <source>Trains one epoch of the loaded data with mpirun on this machine and opens its trace</source>
        <translation>Trainiert eine Epoche der geladenen Daten mit mpirun auf diesem Rechner und öffnet die Aufzeichnung</translation>
    </message>
    <message>
        <source>time per iteration (µs)</source>
        <translation>Zeit je Iteration (µs)</translation>
    </message>
    <message>
        <source>iteration (global batch)</source>
        <translation>Iteration (globaler Batch)</translation>
    </message>
    <message>
        <source>Open a measured trace</source>
        <translation>Eine gemessene Aufzeichnung öffnen</translation>
    </message>
    <message>
        <source>Traces (*.json);;All files (*)</source>
        <translation>Aufzeichnungen (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Open a trace of backprop-lab-cli train --mpi --trace FILE, or run mpirun here.</source>
        <translation>Öffnen Sie eine Aufzeichnung von backprop-lab-cli train --mpi --trace DATEI, oder führen Sie mpirun hier aus.</translation>
    </message>
    <message>
        <source>No measured run yet.</source>
        <translation>Noch kein gemessener Lauf.</translation>
    </message>
    <message>
        <source>measured all-reduce</source>
        <translation>gemessenes All-Reduce</translation>
    </message>
    <message>
        <source>measured compute</source>
        <translation>gemessene Rechnung</translation>
    </message>
    <message>
        <source>predicted all-reduce</source>
        <translation>vorhergesagtes All-Reduce</translation>
    </message>
    <message>
        <source>predicted compute</source>
        <translation>vorhergesagte Rechnung</translation>
    </message>
    <message>
        <source>%1: %2 ranks, %3 iterations, %4 per all-reduce. Measured medians: compute %5, wait %6, all-reduce %7 (busbw %8). The one-host simulation predicts compute %9 and all-reduce %10 (busbw %11) for the same bytes: the measured all-reduce takes %12× the predicted.</source>
        <translation>%1: %2 Ranks, %3 Iterationen, %4 je All-Reduce. Gemessene Mediane: Rechnung %5, Warten %6, All-Reduce %7 (busbw %8). Die Simulation eines Rechners sagt für dieselben Bytes Rechnung %9 und All-Reduce %10 (busbw %11) voraus: das gemessene All-Reduce dauert das %12-Fache der Vorhersage.</translation>
    </message>
    <message>
        <source> The trace does not say its batch size: the prediction assumes %1 samples per rank.</source>
        <translation> Die Aufzeichnung nennt ihre Batchgröße nicht: die Vorhersage nimmt %1 Bilder je Rank an.</translation>
    </message>
</context>
<context>
    <name>bplab::clusterview::MpiRunner</name>
    <message>
        <source>mpirun was not found, so nothing can run here. Install Open MPI (Debian: apt-get install openmpi-bin libopenmpi-dev; scripts/setup does it), or open a trace that backprop-lab-cli train --mpi --trace FILE wrote on another machine.</source>
        <translation>mpirun wurde nicht gefunden, daher kann hier nichts laufen. Installieren Sie Open MPI (Debian: apt-get install openmpi-bin libopenmpi-dev; scripts/setup erledigt das), oder öffnen Sie eine Aufzeichnung, die backprop-lab-cli train --mpi --trace DATEI auf einem anderen Rechner geschrieben hat.</translation>
    </message>
    <message>
        <source>backprop-lab-cli was not found beside the app (%1), so mpirun has nothing to start.</source>
        <translation>backprop-lab-cli wurde neben der App nicht gefunden (%1), daher hat mpirun nichts zu starten.</translation>
    </message>
    <message>
        <source>The run was stopped.</source>
        <translation>Der Lauf wurde angehalten.</translation>
    </message>
    <message>
        <source>mpirun -np %1 ended with exit code %2 after %3 s. Its last output: %4</source>
        <translation>mpirun -np %1 endete nach %3 s mit dem Exit-Code %2. Die letzte Ausgabe: %4</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>mpirun ended well but wrote no trace to %1.</source>
        <translation>mpirun endete fehlerfrei, schrieb aber keine Aufzeichnung nach %1.</translation>
    </message>
    <message>
        <source>mpirun -np %1 trained for %2 s.</source>
        <translation>mpirun -np %1 hat %2 s trainiert.</translation>
    </message>
</context>
<context>
    <name>bplab::clusterview::ReplicaHeatmaps</name>
    <message>
        <source>No dataset loaded: the replicas need training images.</source>
        <translation>Kein Datensatz geladen: die Repliken brauchen Trainingsbilder.</translation>
    </message>
    <message>
        <source>All-reduced average</source>
        <translation>Mittel nach All-Reduce</translation>
    </message>
    <message>
        <source>Train one batch</source>
        <translation>Einen Batch trainieren</translation>
    </message>
    <message>
        <source>Trains one batch of the training (Step): every replica computes the gradient of its images, the all-reduce averages them</source>
        <translation>Trainiert einen Batch des Trainings (Schritt): jede Replik berechnet den Gradienten ihrer Bilder, das All-Reduce mittelt sie</translation>
    </message>
    <message>
        <source>Training runs on one replica. Choose 2, 4 or 8 Replicas in the toolbar and press Reset: each replica&apos;s gradient and their all-reduced average appear here.</source>
        <translation>Das Training läuft auf einer Replik. Wählen Sie 2, 4 oder 8 Repliken in der Werkzeugleiste und drücken Sie „Neustart“: der Gradient jeder Replik und ihr Mittel nach dem All-Reduce erscheinen hier.</translation>
    </message>
    <message>
        <source>Replica %1 (%2 images)</source>
        <translation>Replik %1 (%2 Bilder)</translation>
    </message>
    <message>
        <source>, first %1 of %2 replicas</source>
        <translation>, die ersten %1 von %2 Repliken</translation>
    </message>
    <message>
        <source>%1 replicas × %2 images, joined by a ring all-reduce. Start or Step the training to see their gradients.</source>
        <translation>%1 Repliken × %2 Bilder, verbunden durch ein Ring-All-Reduce. „Start“ oder „Schritt“ im Training zeigt ihre Gradienten.</translation>
    </message>
    <message>
        <source>The dW%1 of %2 replicas and their all-reduced average, colours from -%3 to %3. %4</source>
        <translation>Das dW%1 von %2 Repliken und ihr Mittel nach dem All-Reduce, Farben von -%3 bis %3. %4</translation>
    </message>
    <message>
        <source>dL/dW%1 (10 output rows × %2 hidden columns): no batch yet</source>
        <translation>dL/dW%1 (10 Ausgabezeilen × %2 verdeckte Spalten): noch kein Batch</translation>
    </message>
    <message>
        <source>dL/dW%1 (10 output rows × %2 hidden columns) of batch %3</source>
        <translation>dL/dW%1 (10 Ausgabezeilen × %2 verdeckte Spalten) von Batch %3</translation>
    </message>
    <message>
        <source>%1 replicas × %2 images. max |all-reduced average − direct mean| = %3 over all %L4 values.</source>
        <translation>%1 Repliken × %2 Bilder. max |Mittel nach All-Reduce − direktes Mittel| = %3 über alle %L4 Werte.</translation>
    </message>
    <message>
        <source>%1 replicas × %2 images. max |all-reduced average − direct mean| = %3 over the output layer&apos;s %L4 values.</source>
        <translation>%1 Repliken × %2 Bilder. max |Mittel nach All-Reduce − direktes Mittel| = %3 über die %L4 Werte der Ausgabeschicht.</translation>
    </message>
</context>
<context>
    <name>bplab::clusterview::TopologyWidget</name>
    <message>
        <source>One GPU: no all-reduce to play.</source>
        <translation>Eine GPU: kein All-Reduce zum Abspielen.</translation>
    </message>
    <message>
        <source>Step %1 of %2 (bucket %3, %4): %5 chunks of %6 in flight for %7</source>
        <translation>Schritt %1 von %2 (Bucket %3, %4): %5 Stücke zu %6 unterwegs für %7</translation>
    </message>
    <message>
        <source>No simulation yet.</source>
        <translation>Noch keine Simulation.</translation>
    </message>
    <message>
        <source>Server %1</source>
        <translation>Server %1</translation>
    </message>
    <message>
        <source>DRAM (data resident in VRAM)</source>
        <translation>DRAM (Daten im VRAM)</translation>
    </message>
    <message>
        <source>DRAM: this server&apos;s mini-batches</source>
        <translation>DRAM: die Mini-Batches dieses Servers</translation>
    </message>
    <message>
        <source>NVSwitch</source>
        <translation>NVSwitch</translation>
    </message>
    <message>
        <source>Network switch</source>
        <translation>Netzwerk-Switch</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>Ring order: %1 → %2</source>
        <translation>Reihenfolge im Ring: %1 → %2</translation>
    </message>
    <message>
        <source>Hierarchical: a ring inside each server over NVLink, then GPU k of every server exchanges its chunk k over the NICs, then a ring all-gather inside.</source>
        <translation>Hierarchisch: ein Ring in jedem Server über NVLink, dann tauscht GPU k jedes Servers ihr Stück k über die NICs aus, dann ein Ring-All-Gather im Server.</translation>
    </message>
    <message>
        <source>   Squares: chunks (numbered). Links: grey idle → vermillion at line rate in this step.</source>
        <translation>   Quadrate: Stücke (nummeriert). Verbindungen: grau untätig → zinnoberrot bei Leitungsrate in diesem Schritt.</translation>
    </message>
    <message>
        <source>No cluster simulated yet.</source>
        <translation>Noch kein Cluster simuliert.</translation>
    </message>
    <message>
        <source>%1 servers of %2 GPUs, %3 links. %4</source>
        <translation>%1 Server mit je %2 GPUs, %3 Verbindungen. %4</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Trains neural networks on MNIST and shows every step, live: any hidden layers (--hidden, --activation); the default network is 784-128-10 ReLU.</source>
        <translation>Trainiert neuronale Netze auf MNIST und zeigt jeden Schritt, live: beliebige verborgene Schichten (--hidden, --activation); das Standardnetz ist 784-128-10 ReLU.</translation>
    </message>
</context>
</TS>
