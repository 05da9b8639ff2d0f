#pragma once
// The Class view's panel, for the projector: where to join (the address as text and as a QR code,
// the join code), how many joined, and the class's drawings as a mosaic, each with the network's
// answer and confidence and, once the teacher gave one, its label (a wrong answer is marked).
// The teacher can ask the class to draw a digit (the drawings sent for it carry it as their label),
// label the selected drawing, remove it, and add the labelled drawings to the class collection. It shows the values it is given and says what was asked by signals.

#include <panelexport.h>

#include <QImage>
#include <QMap>
#include <QString>
#include <QVector>
#include <QWidget>

class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;
class QTableWidget;

namespace bplab {

/** One drawing as the mosaic shows it. */
struct ClassDrawingCell
{
    int id = 0;
    QImage picture;     ///< the drawing (dark ink on white), any size
    QString nick;
    int digit = -1;     ///< the network's answer (-1: none)
    float confidence = 0; ///< its probability, 0-1
    int label = -1;     ///< the teacher's label (-1: none)
};

class ClassPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ClassPanel(QWidget *parent = nullptr);

    /** Running: the address (text and QR code) and the join code; stopped: both empty. */
    void setServer(const QString &address, const QImage &qrCode, const QString &code);
    void setJoined(int count);
    void setDrawings(const QVector<ClassDrawingCell> &drawings);
    /** The lesson's question and the class's answers to it (answer -> how many), shown only once
     *  revealed (with the true value) as a table of text bars with their counts, which a screen
     *  reader reads cell by cell; before that only how many answered. Empty question: none. */
    void setResponses(const QString &question, const QMap<QString, int> &counts, bool revealed, const QString &truth);
    /** The question and how many answered; once revealed the true answer and one line per answer
     *  given, "7  ████ 4" (the histogram as text, bars of up to 12 blocks). */
    QString responsesText() const;
    /** "7: 4 of 10 students (40 %), the right answer": a row of the histogram as spoken. */
    QString responseRowText(const QString &answer, int count) const;
    /** The digit the class is asked to draw (-1: none). */
    void setPrompt(int digit);
    int prompt() const { return m_promptValue; }
    const QVector<ClassDrawingCell> &drawings() const { return m_drawings; }
    /** The selected drawing's id (-1: none). */
    int selectedId() const;
    void selectId(int id);
    /** "3 (87 %)": the text of a drawing's cell. */
    static QString cellText(const ClassDrawingCell &cell);
    QString joinedText() const;
    /** PNG, SVG, PDF of the panel as shown; JSON of the drawings and their answers. */
    PanelExport panelExport();
    QPushButton *startStopButton() const { return m_startStop; }

signals:
    void startStopRequested();
    void labelRequested(int id, int label);
    void removeRequested(int id);
    void collectRequested();
    /** Ask the class to draw `digit`; -1: end the request. */
    void promptRequested(int digit);

protected:
    void changeEvent(QEvent *event) override;

private:
    void updateActions();
    void retranslate();
    QByteArray json() const;
    void showHistogram();
    QTableWidget *makeHistogram();
    QString responsesHead() const;
    int responseTotal() const;

    QLabel *m_address = nullptr;
    QLabel *m_qr = nullptr;
    QLabel *m_code = nullptr;
    QLabel *m_joined = nullptr;
    QLabel *m_responses = nullptr;
    QWidget *m_histogramHost = nullptr;
    QTableWidget *m_histogram = nullptr; ///< only while the answers are revealed
    QListWidget *m_mosaic = nullptr;
    QComboBox *m_label = nullptr;
    QPushButton *m_remove = nullptr;
    QPushButton *m_collect = nullptr;
    QPushButton *m_startStop = nullptr;
    QLabel *m_promptText = nullptr;
    QComboBox *m_promptDigit = nullptr;
    QPushButton *m_prompt = nullptr;
    int m_promptValue = -1;
    QImage m_qrImage;
    QString m_addressText;
    QString m_codeText;
    int m_joinedCount = 0;
    QString m_question;
    QMap<QString, int> m_counts;
    bool m_revealed = false;
    QString m_truth;
    QVector<ClassDrawingCell> m_drawings;
};

} // namespace bplab
