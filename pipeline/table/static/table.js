// fuda table: draw the seat's board as a card table, ask the pending question, send answers.
// Words come from the server's message catalogue (/words), so the page speaks --lang.
"use strict";
const base = location.pathname.replace(/\/$/, "");
let state = null;
let words = {};
let mat = {};
let cardMM = [63, 88];
let picked = [];
let poller = null;
let chosen = null;  // the sandbox: {uid, zone, card} or {pile: zone} the person clicked

function w(key, params = {}) {
  let text = words[key] || key;
  for (const [k, v] of Object.entries(params)) text = text.split(`{${k}}`).join(String(v));
  return text;
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "onclick") node.addEventListener("click", v);
    else if (v !== undefined && v !== null) node.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

const faceUrl = id => id ? `${base}/card/${id}.png` : `${base}/back.png`;

function cardImage(id, small = false) {
  const info = id ? (state.cards[id] || { name: id }) : { name: w("hidden") };
  return el("img", { src: faceUrl(id), alt: info.name, loading: small ? "lazy" : "eager" });
}

function zoom(c) {
  const box = document.getElementById("zoom");
  if (!c.id) { box.replaceChildren(el("img", { src: faceUrl(null), alt: w("hidden") }), w("hidden")); return; }
  const info = state.cards[c.id] || { text: c.id };
  const faces = c.other
    ? el("div", { class: "faces" }, cardImage(c.id), el("img", { src: faceUrl(c.other), alt: w("other_face") }))
    : cardImage(c.id);
  box.replaceChildren(faces, info.text + (c.badges && c.badges.length ? `\n${c.badges.join("  ")}` : ""));
}

function showFull(c) {
  const overlay = document.getElementById("overlay");
  overlay.replaceChildren(el("img", { src: faceUrl(c.id), alt: c.id ? (state.cards[c.id] || {}).name : w("hidden") }));
  overlay.hidden = false;
}

function cardNode(c, extra = {}, zone = null, side = null) {
  const node = el("span", { class: "card" + (c.tapped ? " tapped" : ""), "data-card": c.id || "", ...extra },
    cardImage(c.id));
  if (c.under) node.append(el("span", { class: "under" }, ...c.under.map(u => cardImage(u.id, true))));
  if (c.badges && c.badges.length) node.append(el("span", { class: "badges" }, ...c.badges.map(b => el("span", { class: "badge" }, b))));
  node.addEventListener("mouseenter", () => zoom(c));
  if (state.sandbox && side && side.you && (c.uid || zone.pile)) {
    node.classList.add("choosable");
    if (chosen && (c.uid ? chosen.uid === c.uid : chosen.pile === zone.id)) node.classList.add("chosen");
    node.addEventListener("click", () => { zoom(c); chosen = c.uid ? { uid: c.uid, zone: zone.id, card: c } : { pile: zone.id }; render(); });
    node.addEventListener("dblclick", () => showFull(c));
  } else if (state.prompt && c.id && state.prompt.choices.some(o => o.card === c.id)) {
    // a card the question is about: clicking it on the board picks it (the next option naming it)
    node.classList.add("choosable");
    node.addEventListener("click", () => {
      const buttons = [...document.querySelectorAll("#prompt .choice")].filter(b => b.dataset.card === c.id);
      const next = buttons.find(b => b.getAttribute("aria-pressed") !== "true") || buttons[0];
      if (next) next.click();
    });
    node.addEventListener("dblclick", () => showFull(c));
  } else {
    node.addEventListener("click", () => { zoom(c); showFull(c); });
  }
  return node;
}

function zoneNode(z, side = null) {
  let cards;
  if (z.pile && z.cards.length) {
    const top = z.cards[z.cards.length - 1];
    const node = cardNode(top, { title: w("cards", { n: z.count }) }, z, side);
    node.append(el("span", { class: "count" }, String(z.count)));
    cards = [node];
  } else {
    cards = z.cards.map(c => cardNode(c, {}, z, side));
  }
  const box = mat[z.id];  // as wide as the mat draws it, in card heights of the screen
  const style = box ? `flex: ${(box[2] / cardMM[0]).toFixed(2)} 1 0; min-width: calc(var(--card-h) * ${(box[2] / cardMM[1]).toFixed(3)})` : null;
  return el("div", { class: `zone ${z.id}` + (z.cards.length ? "" : " empty"), "data-zone": z.id, style },
    el("div", { class: "zone-label" }, z.label),
    el("div", { class: "zone-cards" }, ...cards));
}

// Rows of zones as the mat places them: zones whose boxes overlap the first of a row in height
// share it, left to right; zones the mat does not draw (the hand, piles of the engine) come last.
function rows(zones) {
  const placed = zones.filter(z => mat[z.id] && z.id !== "hand").sort((a, b) => mat[a.id][1] - mat[b.id][1]);
  const out = [];
  for (const z of placed) {
    const [, y, , h] = mat[z.id];
    const row = out.find(r => y < r.bottom - 0.3 * h);
    if (row) row.zones.push(z); else out.push({ bottom: y + h, zones: [z] });
  }
  const result = out.map(r => r.zones.sort((a, b) => mat[a.id][0] - mat[b.id][0]));
  const rest = zones.filter(z => !mat[z.id] && z.id !== "hand");
  if (rest.length) result.push(rest);
  return result;
}

function sideNode(side) {
  const counters = side.counters.map(c => {
    const badge = el("span", { class: "badge counter", "data-counter": c.key }, c.label, el("b", {}, String(c.value)));
    if (state.sandbox && side.you) {
      badge.prepend(el("button", { type: "button", class: "step", "data-step": "-1", onclick: () => act({ do: "counter", key: c.key, delta: -1 }) }, "−"));
      badge.append(el("button", { type: "button", class: "step", "data-step": "1", onclick: () => act({ do: "counter", key: c.key, delta: 1 }) }, "+"));
    }
    return badge;
  });
  const head = el("div", { class: "side-head" },
    el("span", { class: "who" }, side.you ? w("you", { seat: side.seat }) : w("opponent", { seat: side.seat })), ...counters);
  let lines = rows(side.zones).map(r => el("div", { class: "row" }, ...(side.you ? r : r.slice().reverse()).map(z => zoneNode(z, side))));
  const hand = side.zones.find(z => z.id === "hand");
  const handRow = hand ? el("div", { class: "row" }, zoneNode(hand, side)) : null;
  if (side.you) lines = [head, ...lines, handRow];
  else lines = [head, handRow, ...lines.reverse()];
  return el("section", { class: "side " + (side.you ? "you" : "opponent"), "data-seat": side.seat }, ...lines.filter(Boolean));
}

function render() {
  document.body.dataset.version = String((Number(document.body.dataset.version) || 0) + 1);
  document.getElementById("title").textContent = w("title", { game: state.game });
  document.title = w("title", { game: state.game });
  document.getElementById("seat").textContent = w("you", { seat: state.seat });
  document.getElementById("turn").textContent = state.board.turn ? w("turn", { turn: state.board.turn }) : "";
  const undo = document.getElementById("undo");
  undo.textContent = w("undo");
  undo.title = w("undo_hint");
  undo.disabled = !state.undo;
  document.getElementById("log-title").textContent = w("log");
  const sides = state.board.sides;
  const shared = state.board.shared;
  const middle = (shared.zones.length || shared.counters.length)
    ? el("section", { class: "shared" }, el("span", {}, w("shared")),
      ...shared.counters.map(c => el("span", { class: "badge counter", "data-counter": c.key }, c.label, el("b", {}, String(c.value)))),
      ...shared.zones.map(zoneNode))
    : null;
  document.getElementById("board").replaceChildren(
    ...[...sides.filter(s => !s.you).map(sideNode), middle, ...sides.filter(s => s.you).map(sideNode)].filter(Boolean));
  const log = document.getElementById("log");
  log.replaceChildren(...state.log.map(e => el("div", { class: "entry" },
    el("span", { class: "n" }, String(e.n)),
    el("span", { class: "text" }, e.text, e.rule ? el("span", { class: "rule" }, e.rule) : null))));
  log.scrollTop = log.scrollHeight;
  const result = document.getElementById("result");
  result.hidden = !state.over;
  result.textContent = state.over ? w("over", { outcome: state.outcome }) : "";
  if (state.sandbox) renderSandbox(); else renderPrompt();
  clearTimeout(poller);
  if (!state.over && !state.prompt) poller = setTimeout(() => refresh(true), state.sandbox ? 2500 : 1500);  // another seat acts
}

// The free table: what can be done with the card (or pile) the person clicked, and the file.
function renderSandbox() {
  const box = document.getElementById("prompt");
  const me = state.board.sides.find(s => s.you);
  const parts = [el("h2", {}, w("sandbox"))];
  if (chosen && chosen.uid && !me.zones.some(z => z.cards.some(c => c.uid === chosen.uid))) chosen = null;
  if (chosen) {
    const zones = me.zones.filter(z => z.id !== (chosen.uid ? chosen.zone : chosen.pile));
    const name = chosen.uid ? (state.cards[chosen.card.id] || { name: chosen.card.id }).name : w("top_of", { zone: me.zones.find(z => z.id === chosen.pile).label });
    parts.push(el("p", { id: "chosen" }, w("chosen", { card: name })));
    const buttons = zones.map(z => el("button", { type: "button", class: "act", "data-to": z.id,
      onclick: () => act(chosen.uid ? { do: "move", uid: chosen.uid, to: z.id } : { do: "move", from: chosen.pile, to: z.id }) },
      w("move_to", { zone: z.label })));
    if (chosen.uid) {
      buttons.push(el("button", { type: "button", class: "act", "data-do": "flip", onclick: () => act({ do: "flip", uid: chosen.uid }) }, w("flip")));
      buttons.push(el("button", { type: "button", class: "act", "data-do": "tap", onclick: () => act({ do: "tap", uid: chosen.uid }) }, w("tap")));
    } else {
      buttons.unshift(el("button", { type: "button", class: "act", "data-do": "shuffle", onclick: () => act({ do: "shuffle", zone: chosen.pile }) }, w("shuffle")));
      const pile = me.zones.find(z => z.id === chosen.pile);
      if (pile && pile.visibility === "hidden") buttons.unshift(el("button", { type: "button", class: "act", "data-do": "look", onclick: () => act({ do: "look", zone: chosen.pile }) }, w("look")));
    }
    parts.push(el("div", { class: "actions" }, ...buttons));
  }
  const deck = me.zones.find(z => z.visibility === "hidden");
  const tools = [el("button", { type: "button", id: "draw", onclick: () => act({ do: "draw", count: 1 }), disabled: deck && deck.count ? null : "" }, w("draw"))];
  if (me.zones.some(z => z.looking)) tools.push(el("button", { type: "button", id: "look-done", onclick: () => act({ do: "look", zone: null }) }, w("look_done")));
  if (state.host) {
    tools.push(el("a", { id: "save", href: `${base}/save`, download: "" }, w("save")));
    const input = el("input", { type: "file", id: "load", accept: ".json,application/json" });
    input.addEventListener("change", async () => {
      const file = input.files[0];
      if (!file) return;
      try {
        state = await call("/load", JSON.parse(await file.text()));
        chosen = null;
        document.getElementById("error").textContent = "";
        render();
      } catch (e) { refused(e); }
    });
    tools.push(el("label", { class: "load" }, w("load"), input));
  }
  parts.push(el("div", { class: "tools" }, ...tools));
  box.replaceChildren(...parts);
}

async function act(action) {
  try {
    state = await call("/act", action);
    if (action.do === "move" || action.do === "draw") chosen = null;
    document.getElementById("error").textContent = "";
    render();
  } catch (e) {
    refused(e);
  }
}

// How many picks a question asks for, in the page's words: 2, up to 5 (0〜5), 1 to 2 (1〜2).
function countText(p) {
  if (p.min === p.max) return String(p.min);
  return p.min === 0 ? w("count_upto", { hi: p.max }) : w("count_range", { lo: p.min, hi: p.max });
}

function renderPrompt() {
  const box = document.getElementById("prompt");
  picked = [];
  const p = state.prompt;
  if (!p) {
    box.replaceChildren(...(state.waiting ? [el("p", { id: "waiting" }, w("waiting", { seat: state.waiting }))] : []));
    return;
  }
  box.dataset.min = p.min;
  box.dataset.max = p.max;
  const single = p.min === 1 && p.max === 1;
  const confirm = single ? null : el("button", { id: "confirm", type: "button" }, w("submit", { count: countText(p) }));
  const why = single ? null : el("p", { id: "why" });
  const buttons = p.choices.map(c => {
    const b = el("button", { class: "choice", type: "button", "data-option": c.id, "data-card": c.card, "aria-pressed": "false" });
    if (c.card) b.append(cardImage(c.card));
    b.append(el("span", {}, `${c.number}. ${c.label}`));
    if (c.card) b.addEventListener("mouseenter", () => zoom({ id: c.card, badges: [] }));
    b.addEventListener("click", () => {
      if (single) { send([c.id]); return; }
      const i = picked.indexOf(c.id);
      if (i >= 0) picked.splice(i, 1); else picked.push(c.id);
      b.setAttribute("aria-pressed", i >= 0 ? "false" : "true");
      judge(confirm, why);
    });
    return b;
  });
  const parts = [el("h2", {}, p.question), el("div", { class: "choices" }, ...buttons)];
  if (!single) {
    confirm.addEventListener("click", () => send(picked.slice()));
    parts.push(confirm, why);
    judge(confirm, why);
  }
  box.replaceChildren(...parts);
}

// The submit button is enabled only while the selection is legal: the count here, the kind
// (what the rules say of this combination) by asking the server, which changes nothing.
async function judge(confirm, why) {
  const p = state.prompt;
  const mine = picked.slice();
  confirm.disabled = true;
  confirm.dataset.legal = "pending";
  if (mine.length < p.min || mine.length > p.max) {
    why.textContent = w("selected", { n: mine.length }) + " / " + w("pick", { count: countText(p) });
    confirm.dataset.legal = "no";
    return;
  }
  try {
    const verdict = await call("/check", { prompt: p.id, picks: mine });
    if (state.prompt !== p || picked.join("\n") !== mine.join("\n")) return;  // the selection moved on
    confirm.disabled = !verdict.ok;
    confirm.dataset.legal = verdict.ok ? "yes" : "no";
    why.textContent = verdict.ok ? w("selected", { n: mine.length }) : verdict.reason;
  } catch (e) {
    why.textContent = e.message;
    confirm.dataset.legal = "no";
  }
}

async function call(path, body) {
  let response;
  try {
    response = await fetch(base + path, body === undefined ? {} : {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
  } catch (e) {
    throw new Error(w("lost"));
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = new Error(data.error || `${response.status} ${response.statusText}`);
    error.status = response.status;
    throw error;
  }
  return data;
}

function refused(e) {
  document.getElementById("error").textContent = e.status === 409 ? w("conflict", { reason: e.message }) : e.message;
  document.body.dataset.refused = String((Number(document.body.dataset.refused) || 0) + 1);
}

async function send(picks) {
  document.querySelectorAll("#prompt button").forEach(b => { b.disabled = true; });
  try {
    state = await call("/answer", { prompt: state.prompt.id, picks });
    document.getElementById("error").textContent = "";
    render();
  } catch (e) {
    refused(e);
    await refresh(true);  // show where the game is now (another answer may have got there first)
  }
}

async function refresh(keepError = false) {
  try {
    state = await call("/state");
    if (!keepError) document.getElementById("error").textContent = "";
    render();
  } catch (e) {
    refused(e);
  }
}

document.getElementById("undo").addEventListener("click", async () => {
  try {
    state = await call("/undo", {});
    document.getElementById("error").textContent = "";
    render();
  } catch (e) {
    refused(e);
  }
});

document.getElementById("overlay").addEventListener("click", e => { e.currentTarget.hidden = true; });
document.addEventListener("keydown", e => { if (e.key === "Escape") document.getElementById("overlay").hidden = true; });

call("/words").then(data => { words = data.words; mat = data.mat; cardMM = data.card; document.getElementById("zoom").textContent = w("zoom"); return refresh(); })
  .catch(e => { document.getElementById("error").textContent = e.message; });
