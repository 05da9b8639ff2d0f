// The classroom page: join with the code, draw a digit (pointer, touch or keyboard), send it, show
// the network's answer; answer the lesson's question; draw what the teacher asks for.
// The messages are those of app/classroom/classroommessage.h; nothing is loaded from elsewhere.
"use strict";
(function () {
  const SIDE = 400;          // the canvas in the server's units
  const PEN = 24;            // the pen's diameter in those units (the Draw view's)
  const MAX_STROKES = 40;
  const MAX_POINTS = 1500;
  const HEARTBEAT_MS = 20000;
  const STEP = 10;           // a key's move in canvas units; with Shift, FAR_STEP
  const FAR_STEP = 40;

  // ---- the page's words: English and German, as the app speaks ----
  const TEXTS = {
    en: {
      title: "Backprop Lab: class",
      otherLanguage: "Deutsch",
      joinTitle: "Join the class",
      codeLabel: "Join code (6 digits)",
      nickLabel: "Nickname (optional)",
      join: "Join",
      joining: "Joining…",
      codeDigits: "The code has 6 digits.",
      wrongCode: "That code is not right: ask for the code on the screen.",
      full: "The class is full.",
      joinedAs: "Joined as {0}.",
      ended: "The connection ended. Join again with the code.",
      stopped: "The teacher ended the class.",
      questionTitle: "Question",
      yourAnswer: "Your answer",
      answerButton: "Answer",
      yes: "Yes",
      no: "No",
      positive: "+ (positive)",
      negative: "− (negative)",
      answerChoice: "Answer {0}",
      given: "Your answer: {0}. Wait for the reveal.",
      revealed: "The answer: {0}.",
      revealedYou: "The answer: {0}. You said {1}.",
      typeNumber: "Type a number first.",
      drawTitle: "Draw a digit",
      drawDigit: "Draw a {0}",
      askedFor: "The teacher asks you to draw a {0}.",
      clear: "Clear",
      send: "Send",
      drawThenSend: "Draw a digit, then press Send.",
      drawFirst: "Draw a digit first.",
      sent: "Sent: the network is looking…",
      says: "The network says {0} ({1}).",
      noAnswer: "The network has no answer yet.",
      noteInk: "No ink found: draw a digit.",
      noteWeights: "The network has no weights yet: wait for the teacher to load data.",
      notAccepted: "Not accepted: {0}.",
      probabilities: "The network's ten probabilities",
      canvasLabel: "Drawing area: draw one digit, 0 to 9, with a finger, a pen, the mouse or the keyboard",
      canvasRole: "drawing area",
      keysHelp: "Keyboard: the arrow keys move the pen (with Shift further; Home, End, Page Up and Page Down " +
                "diagonally), Space puts it down or lifts it, Backspace takes back the last stroke.",
      at: "{0} % across, {1} % down",
      penDown: "Pen down at {0} % across, {1} % down: drawing.",
      penUp: "Pen up: {0}.",
      strokes: "{0} strokes",
      oneStroke: "1 stroke",
      undone: "Last stroke taken back: {0}.",
      cleared: "Cleared.",
      full_strokes: "No more strokes: send or clear.",
      errors: {
        json: "the message was not understood",
        type: "the message was not understood",
        field: "the message was not understood",
        range: "the drawing or answer is too large",
        size: "the drawing is too large",
        state: "not now",
        rate: "too many messages: wait a moment",
        origin: "only the class's own page may connect",
      },
    },
    de: {
      title: "Backprop Lab: Klasse",
      otherLanguage: "English",
      joinTitle: "Der Klasse beitreten",
      codeLabel: "Beitrittscode (6 Ziffern)",
      nickLabel: "Spitzname (freiwillig)",
      join: "Beitreten",
      joining: "Beitreten…",
      codeDigits: "Der Code hat 6 Ziffern.",
      wrongCode: "Dieser Code stimmt nicht: Frag nach dem Code auf der Leinwand.",
      full: "Die Klasse ist voll.",
      joinedAs: "Beigetreten als {0}.",
      ended: "Die Verbindung ist beendet. Tritt mit dem Code erneut bei.",
      stopped: "Die Lehrkraft hat die Stunde beendet.",
      questionTitle: "Frage",
      yourAnswer: "Deine Antwort",
      answerButton: "Antworten",
      yes: "Ja",
      no: "Nein",
      positive: "+ (positiv)",
      negative: "− (negativ)",
      answerChoice: "Antwort {0}",
      given: "Deine Antwort: {0}. Warte auf die Auflösung.",
      revealed: "Die Antwort: {0}.",
      revealedYou: "Die Antwort: {0}. Du hast {1} gesagt.",
      typeNumber: "Gib zuerst eine Zahl ein.",
      drawTitle: "Zeichne eine Ziffer",
      drawDigit: "Zeichne eine {0}",
      askedFor: "Die Lehrkraft bittet dich, eine {0} zu zeichnen.",
      clear: "Löschen",
      send: "Senden",
      drawThenSend: "Zeichne eine Ziffer und drücke dann Senden.",
      drawFirst: "Zeichne zuerst eine Ziffer.",
      sent: "Gesendet: Das Netz schaut…",
      says: "Das Netz sagt {0} ({1}).",
      noAnswer: "Das Netz hat noch keine Antwort.",
      noteInk: "Keine Tinte gefunden: Zeichne eine Ziffer.",
      noteWeights: "Das Netz hat noch keine Gewichte: Warte, bis die Lehrkraft Daten lädt.",
      notAccepted: "Nicht angenommen: {0}.",
      probabilities: "Die zehn Wahrscheinlichkeiten des Netzes",
      canvasLabel: "Zeichenfläche: Zeichne eine Ziffer von 0 bis 9 mit dem Finger, einem Stift, der Maus oder der Tastatur",
      canvasRole: "Zeichenfläche",
      keysHelp: "Tastatur: Die Pfeiltasten bewegen den Stift (mit Umschalt weiter; Pos1, Ende, Bild auf und Bild ab " +
                "schräg), die Leertaste setzt ihn auf oder hebt ihn ab, die Rücktaste nimmt den letzten Strich zurück.",
      at: "{0} % von links, {1} % von oben",
      penDown: "Stift aufgesetzt bei {0} % von links, {1} % von oben: es wird gezeichnet.",
      penUp: "Stift abgehoben: {0}.",
      strokes: "{0} Striche",
      oneStroke: "1 Strich",
      undone: "Letzter Strich zurückgenommen: {0}.",
      cleared: "Gelöscht.",
      full_strokes: "Keine weiteren Striche: Senden oder löschen.",
      errors: {
        json: "die Nachricht wurde nicht verstanden",
        type: "die Nachricht wurde nicht verstanden",
        field: "die Nachricht wurde nicht verstanden",
        range: "die Zeichnung oder Antwort ist zu groß",
        size: "die Zeichnung ist zu groß",
        state: "nicht jetzt",
        rate: "zu viele Nachrichten: Warte einen Moment",
        origin: "nur die eigene Seite der Klasse darf sich verbinden",
      },
    },
  };

  // The first of the browser's languages that the page has, else English: as the app's "System".
  function browserLanguage() {
    const wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || "en"];
    for (const l of wanted) {
      const primary = String(l).toLowerCase().split("-")[0];
      if (TEXTS[primary]) return primary;
    }
    return "en";
  }
  let language = browserLanguage();

  function t(key, ...args) {
    const text = TEXTS[language][key] !== undefined ? TEXTS[language][key] : TEXTS.en[key];
    return String(text).replace(/\{(\d)\}/g, (_, i) => String(args[Number(i)]));
  }

  const $ = (id) => document.getElementById(id);
  const joinSection = $("join"), drawSection = $("draw");
  const codeField = $("code"), nickField = $("nick"), joinStatus = $("joinStatus");
  const canvas = $("canvas"), answer = $("answer"), list = $("probabilities");
  const sendButton = $("sendButton"), canvasStatus = $("canvasStatus"), promptLine = $("prompt");
  const ctx = canvas.getContext("2d");

  let socket = null;
  let joined = false;
  let heartbeat = null;
  let strokes = [];   // each [x0, y0, x1, y1, ...] in canvas units
  let points = 0;
  let current = null; // the stroke being drawn
  let pointerId = null;
  let prompt = { id: 0, digit: -1 }; // the teacher's request ("draw a 7"), id 0: none
  let lastAnswer = null;             // the last answer message, shown again in another language

  // Each status line remembers what it says (a key and its values) so that a change of language
  // can say it again.
  function say(element, key, problem, ...args) {
    element.dataset.key = key;
    element.dataset.args = JSON.stringify(args);
    element.textContent = key ? t(key, ...args) : "";
    element.classList.toggle("problem", !!problem);
  }

  function applyLanguage() {
    document.documentElement.lang = language;
    document.title = t("title");
    for (const e of document.querySelectorAll("[data-t]")) e.textContent = t(e.dataset.t);
    const other = language === "de" ? "en" : "de";
    const switcher = $("languageButton");
    switcher.textContent = t("otherLanguage");
    switcher.lang = other;
    canvas.setAttribute("aria-label", t("canvasLabel"));
    canvas.setAttribute("aria-roledescription", t("canvasRole"));
    list.setAttribute("aria-label", t("probabilities"));
    for (const e of [joinStatus, answer, $("questionStatus"), canvasStatus]) {
      if (e.dataset.key) e.textContent = t(e.dataset.key, ...JSON.parse(e.dataset.args || "[]"));
    }
    if (!answer.dataset.key && !lastAnswer) say(answer, "drawThenSend", false);
    showPrompt();
    if (lastAnswer) showAnswer(lastAnswer);
    for (const b of document.querySelectorAll("#choices button")) labelChoice(b);
  }

  $("languageButton").addEventListener("click", () => {
    language = language === "de" ? "en" : "de";
    applyLanguage();
  });

  // ---- the connection ----
  function connect(onOpen) {
    if (socket && socket.readyState === WebSocket.OPEN) { onOpen(); return; }
    if (socket && socket.readyState === WebSocket.CONNECTING) return;
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + "/ws");
    socket.onopen = onOpen;
    socket.onmessage = (e) => receive(e.data);
    socket.onclose = () => {
      clearInterval(heartbeat);
      heartbeat = null;
      socket = null;
      if (joined) leave("ended");
    };
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function receive(text) {
    let m;
    try { m = JSON.parse(text); } catch (e) { return; }
    switch (m.type) {
    case "joined":
      joined = true;
      heartbeat = setInterval(() => send({ type: "heartbeat" }), HEARTBEAT_MS);
      joinSection.hidden = true;
      drawSection.hidden = false;
      $("who").textContent = t("joinedAs", m.nick);
      $("who").dataset.nick = m.nick;
      resizeCanvas();
      canvas.focus();
      break;
    case "refused":
      say(joinStatus, m.reason === "full" ? "full" : "wrongCode", true);
      codeField.focus();
      break;
    case "answer":
      showAnswer(m);
      break;
    case "error": {
      const why = TEXTS[language].errors[m.error] || m.reason;
      const target = joined ? answer : joinStatus;
      target.dataset.key = "";
      target.textContent = t("notAccepted", why);
      target.classList.add("problem");
      sendButton.disabled = false;
      break;
    }
    case "question":
      showQuestion(m);
      break;
    case "reveal":
      showReveal(m);
      break;
    case "prompt":
      prompt = { id: m.digit >= 0 ? m.id : 0, digit: m.digit };
      showPrompt();
      break;
    case "bye":
      if (m.reason === "stopped") leave("stopped");
      break;
    }
  }

  function leave(key) {
    joined = false;
    drawSection.hidden = true;
    joinSection.hidden = false;
    say(joinStatus, key, true);
  }

  $("joinForm").addEventListener("submit", (e) => {
    e.preventDefault();
    const code = codeField.value.trim();
    const nick = nickField.value.trim();
    if (!/^[0-9]{6}$/.test(code)) {
      say(joinStatus, "codeDigits", true);
      codeField.focus();
      return;
    }
    say(joinStatus, "joining", false);
    const message = { type: "join", code: code };
    if (nick) message.nick = nick.slice(0, 24);
    connect(() => send(message));
  });

  // ---- the teacher's request: "draw a 7" ----
  function showPrompt() {
    const asked = prompt.id > 0;
    $("drawTitle").textContent = asked ? t("drawDigit", prompt.digit) : t("drawTitle");
    promptLine.textContent = asked ? t("askedFor", prompt.digit) : "";
    promptLine.hidden = !asked;
    if ($("who").dataset.nick) $("who").textContent = t("joinedAs", $("who").dataset.nick);
  }

  // ---- the lesson's question: answered before the teacher reveals it ----
  const questionSection = $("question"), choices = $("choices"), numberForm = $("numberForm");
  const questionStatus = $("questionStatus");
  let given = null;
  const CHOICES = {
    class: ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"],
    yesno: ["yes", "no"],
    sign: ["+", "-", "0"],
    run: ["1", "2", "3", "4"],
  };
  const LABEL_KEYS = { "yes": "yes", "no": "no", "+": "positive", "-": "negative" };

  function labelChoice(b) {
    const v = b.dataset.value;
    const named = LABEL_KEYS[v] && (b.dataset.kind === "sign" || b.dataset.kind === "yesno");
    b.textContent = named ? t(LABEL_KEYS[v]) : v;
    b.setAttribute("aria-label", t("answerChoice", LABEL_KEYS[v] ? t(LABEL_KEYS[v]) : v));
  }

  function respond(value) {
    if (given !== null) return;
    given = value;
    send({ type: "response", value: value });
    for (const b of choices.querySelectorAll("button")) {
      b.disabled = true;
      b.setAttribute("aria-pressed", b.dataset.value === value ? "true" : "false");
    }
    $("numberButton").disabled = true;
    say(questionStatus, "given", false, value);
  }

  function showQuestion(m) {
    given = null;
    choices.textContent = "";
    say(questionStatus, "", false);
    if (!m.text) { questionSection.hidden = true; return; }
    $("questionText").textContent = m.text;
    const options = CHOICES[m.kind];
    numberForm.hidden = !!options;
    $("numberButton").disabled = false;
    $("numberField").value = "";
    if (options) {
      for (const v of options) {
        const b = document.createElement("button");
        b.type = "button";
        b.dataset.value = v;
        b.dataset.kind = m.kind;
        labelChoice(b);
        b.addEventListener("click", () => respond(v));
        choices.appendChild(b);
      }
    }
    questionSection.hidden = false;
  }

  function showReveal(m) {
    for (const b of choices.querySelectorAll("button")) b.disabled = true;
    $("numberButton").disabled = true;
    if (given !== null) say(questionStatus, "revealedYou", false, m.value, given);
    else say(questionStatus, "revealed", false, m.value);
  }

  numberForm.addEventListener("submit", (e) => {
    e.preventDefault();
    const v = $("numberField").value.trim();
    if (!v) { say(questionStatus, "typeNumber", true); return; }
    respond(v.slice(0, 16));
  });

  // ---- the canvas ----
  const cursor = { x: SIDE / 2, y: SIDE / 2, shown: false };
  let keyboardPen = false; // the keyboard's pen is down (drawing `current`)

  function scale() { return canvas.width / SIDE; }

  function resizeCanvas() {
    const box = canvas.getBoundingClientRect();
    const side = Math.max(100, Math.round(box.width * (window.devicePixelRatio || 1)));
    if (canvas.width !== side) { canvas.width = side; canvas.height = side; }
    redraw();
  }

  function redraw() {
    const s = scale();
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.strokeStyle = "#000";
    ctx.fillStyle = "#000";
    ctx.lineWidth = PEN * s;
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    for (const xy of strokes) drawStroke(xy, s);
    if (cursor.shown) {
      // The keyboard's pen: a ring the pen's size, orange (filled while it draws).
      ctx.beginPath();
      ctx.arc(cursor.x * s, cursor.y * s, PEN * s / 2 + 2 * s, 0, 2 * Math.PI);
      ctx.lineWidth = 3 * s;
      ctx.strokeStyle = "#d97a00";
      ctx.stroke();
      if (keyboardPen) {
        ctx.fillStyle = "#d97a00";
        ctx.beginPath();
        ctx.arc(cursor.x * s, cursor.y * s, 4 * s, 0, 2 * Math.PI);
        ctx.fill();
      }
    }
  }

  function drawStroke(xy, s) {
    if (xy.length === 2) {
      ctx.beginPath();
      ctx.arc(xy[0] * s, xy[1] * s, PEN * s / 2, 0, 2 * Math.PI);
      ctx.fill();
      return;
    }
    ctx.beginPath();
    ctx.moveTo(xy[0] * s, xy[1] * s);
    for (let i = 2; i < xy.length; i += 2) ctx.lineTo(xy[i] * s, xy[i + 1] * s);
    ctx.stroke();
  }

  function unitsOf(e) {
    const box = canvas.getBoundingClientRect();
    const clamp = (v) => Math.min(SIDE, Math.max(0, Math.round(v)));
    return [clamp((e.clientX - box.left) * SIDE / box.width), clamp((e.clientY - box.top) * SIDE / box.height)];
  }

  function addPoint(p) {
    const n = current.length;
    // Points closer than 2 units add nothing the 28x28 input can see; they only grow the message.
    if (n >= 2 && Math.abs(current[n - 2] - p[0]) < 2 && Math.abs(current[n - 1] - p[1]) < 2) return;
    if (points >= MAX_POINTS) return;
    current.push(p[0], p[1]);
    points++;
  }

  function strokeCount() {
    const n = strokes.filter((s) => s.length >= 2).length;
    return n === 1 ? t("oneStroke") : t("strokes", n);
  }

  canvas.addEventListener("pointerdown", (e) => {
    if (pointerId !== null || strokes.length >= MAX_STROKES) return;
    e.preventDefault();
    liftKeyboardPen(false);
    cursor.shown = false;
    pointerId = e.pointerId;
    canvas.setPointerCapture(e.pointerId);
    current = [];
    strokes.push(current);
    addPoint(unitsOf(e));
    redraw();
  });
  canvas.addEventListener("pointermove", (e) => {
    if (e.pointerId !== pointerId) return;
    e.preventDefault();
    const events = e.getCoalescedEvents ? e.getCoalescedEvents() : [e];
    for (const c of (events.length ? events : [e])) addPoint(unitsOf(c));
    redraw();
  });
  const endStroke = (e) => {
    if (e.pointerId !== pointerId) return;
    pointerId = null;
    current = null;
  };
  canvas.addEventListener("pointerup", endStroke);
  canvas.addEventListener("pointercancel", endStroke);

  // ---- the keyboard's pen: arrows move it, Space puts it down or lifts it ----
  // Where it is goes to the screen reader once the keys rest; a change of the pen at once.
  let positionTimer = null;
  function where() { return [Math.round(100 * cursor.x / SIDE), Math.round(100 * cursor.y / SIDE)]; }
  function announcePosition() {
    clearTimeout(positionTimer);
    positionTimer = setTimeout(() => say(canvasStatus, "at", false, ...where()), 350);
  }

  function liftKeyboardPen(announce) {
    if (!keyboardPen) return;
    keyboardPen = false;
    current = null;
    if (announce) say(canvasStatus, "penUp", false, strokeCount());
  }

  const MOVES = {
    ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1],
    Home: [-1, -1], PageUp: [1, -1], End: [-1, 1], PageDown: [1, 1],
  };

  canvas.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const move = MOVES[e.key];
    if (move) {
      e.preventDefault();
      const step = e.shiftKey ? FAR_STEP : STEP;
      cursor.shown = true;
      cursor.x = Math.min(SIDE, Math.max(0, cursor.x + move[0] * step));
      cursor.y = Math.min(SIDE, Math.max(0, cursor.y + move[1] * step));
      if (keyboardPen) addPoint([Math.round(cursor.x), Math.round(cursor.y)]);
      redraw();
      announcePosition();
    } else if (e.key === " " || e.key === "Enter") {
      e.preventDefault();
      cursor.shown = true;
      clearTimeout(positionTimer);
      if (keyboardPen) {
        liftKeyboardPen(true);
      } else if (strokes.length >= MAX_STROKES) {
        say(canvasStatus, "full_strokes", true);
      } else {
        keyboardPen = true;
        current = [];
        strokes.push(current);
        addPoint([Math.round(cursor.x), Math.round(cursor.y)]);
        say(canvasStatus, "penDown", false, ...where());
      }
      redraw();
    } else if (e.key === "Escape") {
      liftKeyboardPen(true);
      redraw();
    } else if (e.key === "Backspace") {
      e.preventDefault();
      liftKeyboardPen(false);
      const last = strokes.pop();
      if (last) points -= last.length / 2;
      say(canvasStatus, "undone", false, strokeCount());
      redraw();
    }
  });
  canvas.addEventListener("focus", () => { redraw(); });
  canvas.addEventListener("blur", () => { liftKeyboardPen(false); cursor.shown = false; redraw(); });

  function clear() {
    strokes = [];
    points = 0;
    current = null;
    pointerId = null;
    keyboardPen = false;
    redraw();
  }
  $("clearButton").addEventListener("click", () => {
    clear();
    lastAnswer = null;
    say(answer, "drawThenSend", false);
    say(canvasStatus, "cleared", false);
    list.hidden = true;
  });

  sendButton.addEventListener("click", () => {
    liftKeyboardPen(false);
    const drawn = strokes.filter((s) => s.length >= 2);
    if (drawn.length === 0) {
      say(answer, "drawFirst", true);
      canvas.focus();
      return;
    }
    say(answer, "sent", false);
    sendButton.disabled = true;
    const message = { type: "drawing", strokes: drawn };
    if (prompt.id > 0) message.prompt = prompt.id;
    send(message);
  });

  // ---- the answer ----
  function percent(p) {
    return (100 * p).toLocaleString(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) + " %";
  }

  const NOTES = { ink: "noteInk", weights: "noteWeights" };

  function showAnswer(m) {
    sendButton.disabled = false;
    lastAnswer = m;
    if (m.digit < 0) {
      say(answer, NOTES[m.note] || "noAnswer", true);
      list.hidden = true;
      return;
    }
    say(answer, "says", false, m.digit, percent(m.probabilities[m.digit]));
    answer.dataset.digit = String(m.digit);
    list.textContent = "";
    m.probabilities.forEach((p, d) => {
      const li = document.createElement("li");
      if (d === m.digit) li.className = "best";
      li.setAttribute("aria-label", d + ": " + percent(p));
      const digit = document.createElement("span");
      digit.textContent = String(d);
      const bar = document.createElement("span");
      bar.className = "bar";
      bar.setAttribute("aria-hidden", "true");
      const fill = document.createElement("span");
      fill.style.width = Math.round(100 * p) + "%";
      bar.appendChild(fill);
      const pct = document.createElement("span");
      pct.className = "pct";
      pct.textContent = percent(p);
      li.append(digit, bar, pct);
      list.appendChild(li);
    });
    list.hidden = false;
    // On a phone in portrait the bars are below the canvas: bring them into view.
    list.scrollIntoView({ block: "nearest" });
  }

  window.addEventListener("resize", () => { if (joined) resizeCanvas(); });
  applyLanguage();
  codeField.focus();
})();
