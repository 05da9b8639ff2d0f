// The classroom page: join with the code, draw a digit, send it, show the network's answer.
// The messages are those of app/classroom/classroommessage.h; nothing is loaded from elsewhere.
"use strict";
(function () {
  const SIDE = 400;          // the canvas in the server's units
  const PEN = 24;            // the pen's diameter in those units (the Draw view's)
  const MAX_STROKES = 40;
  const MAX_POINTS = 1500;
  const HEARTBEAT_MS = 20000;

  const $ = (id) => document.getElementById(id);
  const joinSection = $("join"), drawSection = $("draw");
  const codeField = $("code"), nickField = $("nick"), joinStatus = $("joinStatus");
  const canvas = $("canvas"), answer = $("answer"), list = $("probabilities");
  const sendButton = $("sendButton");
  const ctx = canvas.getContext("2d");

  let socket = null;
  let joined = false;
  let heartbeat = null;
  let strokes = [];   // each [x0, y0, x1, y1, ...] in canvas units
  let points = 0;
  let current = null; // the stroke being drawn
  let pointerId = null;

  function say(element, text, problem) {
    element.textContent = text;
    element.classList.toggle("problem", !!problem);
  }

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
      if (joined) leave("The connection ended. Join again with the code.");
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
      $("who").textContent = "Joined as " + m.nick + ".";
      resizeCanvas();
      canvas.focus();
      break;
    case "refused":
      say(joinStatus, m.reason === "full" ? "The class is full." : "That code is not right: ask for the code on the screen.", true);
      codeField.focus();
      break;
    case "answer":
      showAnswer(m);
      break;
    case "error":
      say(joined ? answer : joinStatus, "Not accepted: " + m.reason + ".", true);
      sendButton.disabled = false;
      break;
    case "question":
      showQuestion(m);
      break;
    case "reveal":
      showReveal(m);
      break;
    case "bye":
      if (m.reason === "stopped") leave("The teacher ended the class.");
      break;
    }
  }

  function leave(text) {
    joined = false;
    drawSection.hidden = true;
    joinSection.hidden = false;
    say(joinStatus, text, true);
  }

  $("joinForm").addEventListener("submit", (e) => {
    e.preventDefault();
    const code = codeField.value.trim();
    const nick = nickField.value.trim();
    if (!/^[0-9]{6}$/.test(code)) {
      say(joinStatus, "The code has 6 digits.", true);
      codeField.focus();
      return;
    }
    say(joinStatus, "Joining…", false);
    const message = { type: "join", code: code };
    if (nick) message.nick = nick.slice(0, 24);
    connect(() => send(message));
  });

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
  const LABELS = { "yes": "Yes", "no": "No", "+": "+ (positive)", "-": "− (negative)", "0": "0" };

  function respond(value) {
    if (given !== null) return;
    given = value;
    send({ type: "response", value: value });
    for (const b of choices.querySelectorAll("button")) {
      b.disabled = true;
      b.setAttribute("aria-pressed", b.dataset.value === value ? "true" : "false");
    }
    $("numberButton").disabled = true;
    say(questionStatus, "Your answer: " + value + ". Wait for the reveal.", false);
  }

  function showQuestion(m) {
    given = null;
    choices.textContent = "";
    questionStatus.textContent = "";
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
        b.textContent = m.kind === "sign" || m.kind === "yesno" ? LABELS[v] : v;
        b.setAttribute("aria-label", "Answer " + (LABELS[v] || v));
        b.addEventListener("click", () => respond(v));
        choices.appendChild(b);
      }
    }
    questionSection.hidden = false;
  }

  function showReveal(m) {
    for (const b of choices.querySelectorAll("button")) b.disabled = true;
    $("numberButton").disabled = true;
    say(questionStatus, "The answer: " + m.value + (given !== null ? ". You said " + given + "." : "."), false);
  }

  numberForm.addEventListener("submit", (e) => {
    e.preventDefault();
    const v = $("numberField").value.trim();
    if (!v) { say(questionStatus, "Type a number first.", true); return; }
    respond(v.slice(0, 16));
  });

  // ---- the canvas ----
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

  canvas.addEventListener("pointerdown", (e) => {
    if (pointerId !== null || strokes.length >= MAX_STROKES) return;
    e.preventDefault();
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

  function clear() {
    strokes = [];
    points = 0;
    current = null;
    pointerId = null;
    redraw();
  }
  $("clearButton").addEventListener("click", () => {
    clear();
    say(answer, "Draw a digit, then press Send.", false);
    list.hidden = true;
  });

  sendButton.addEventListener("click", () => {
    const drawn = strokes.filter((s) => s.length >= 2);
    if (drawn.length === 0) {
      say(answer, "Draw a digit first.", true);
      canvas.focus();
      return;
    }
    say(answer, "Sent: the network is looking…", false);
    sendButton.disabled = true;
    send({ type: "drawing", strokes: drawn });
  });

  // ---- the answer ----
  function percent(p) { return (100 * p).toFixed(1) + " %"; }

  function showAnswer(m) {
    sendButton.disabled = false;
    if (m.digit < 0) {
      say(answer, m.note || "The network has no answer yet.", true);
      list.hidden = true;
      return;
    }
    say(answer, "The network says " + m.digit + " (" + percent(m.probabilities[m.digit]) + ").", false);
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
  codeField.focus();
})();
