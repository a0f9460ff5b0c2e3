// fuda table: render the seat's view, ask the pending question, send answers.
"use strict";
const base = location.pathname.replace(/\/$/, "");
let state = null;
let picked = [];

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "onclick") node.addEventListener("click", v);
    else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

function cardImage(id) {
  const info = state.cards[id] || { name: id, text: id };
  const img = el("img", { src: `/card/${id}.png`, alt: info.name, title: info.text });
  return img;
}

function showCard(id) {
  const box = document.getElementById("card");
  const info = state.cards[id];
  box.replaceChildren(cardImage(id), info ? info.text : id);
  box.hidden = false;
}

function render() {
  document.body.dataset.version = String((Number(document.body.dataset.version) || 0) + 1);
  document.getElementById("title").textContent = `${state.game} — テーブル`;
  document.getElementById("seat").textContent = `あなたは P${state.seat}`;
  const board = document.getElementById("board");
  board.replaceChildren(...state.board.map(row => {
    const cards = el("div", { class: "cards" }, ...row.cards.map(id => {
      const c = el("span", { class: "card", "data-card": id }, cardImage(id));
      c.addEventListener("click", () => showCard(id));
      return c;
    }));
    return el("div", { class: "row" }, el("div", { class: "text" }, row.text), cards);
  }));
  const log = document.getElementById("log");
  log.replaceChildren(...state.log.map(line => el("li", {}, line)));
  log.scrollTop = log.scrollHeight;
  const result = document.getElementById("result");
  result.hidden = !state.over;
  result.textContent = state.over ? `ゲーム終了: ${state.outcome}` : "";
  renderPrompt();
}

function renderPrompt() {
  const box = document.getElementById("prompt");
  picked = [];
  const p = state.prompt;
  if (!p) { box.replaceChildren(); return; }
  const single = p.min === 1 && p.max === 1;
  const buttons = p.choices.map(c => {
    const b = el("button", { class: "choice", type: "button", "data-option": c.id, "aria-pressed": "false" });
    if (c.card) b.append(cardImage(c.card));
    b.append(el("span", {}, `${c.number}. ${c.label}`));
    b.addEventListener("click", () => {
      if (single) { send([c.id]); return; }
      const i = picked.indexOf(c.id);
      if (i >= 0) picked.splice(i, 1); else picked.push(c.id);
      b.setAttribute("aria-pressed", i >= 0 ? "false" : "true");
    });
    return b;
  });
  const parts = [el("h2", {}, p.question), el("div", { class: "choices" }, ...buttons)];
  if (!single) {
    parts.push(el("button", { id: "confirm", type: "button", onclick: () => send(picked.slice()) },
      `決定（${p.min === p.max ? p.min : p.min + "〜" + p.max}個）`));
  }
  box.replaceChildren(...parts);
}

async function call(path, body) {
  const response = await fetch(base + path, body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

async function send(picks) {
  try {
    state = await call("/answer", { prompt: state.prompt.id, picks });
    document.getElementById("error").textContent = "";
    render();
  } catch (e) {
    document.getElementById("error").textContent = e.message;
    document.body.dataset.refused = String((Number(document.body.dataset.refused) || 0) + 1);
  }
}

document.getElementById("undo").addEventListener("click", async () => {
  state = await call("/undo", {});
  render();
});

call("/state").then(s => { state = s; render(); })
  .catch(e => { document.getElementById("error").textContent = e.message; });
