// The rtb explorer: draws a position from its text (docs/rules.md: ranks from the
// top, '/' between them, then the side to move and the pieces in hand: Bagh-Chal's
// goats, the Morris hands), asks /api/query for its value and every move's, and
// plays moves clicked on the board or in the list. The board's shape, points and
// lines come from /api/games, and so do the names of the pieces and sides (each
// game's board_look, solver/board_look.hpp). The URL holds the game, variant and
// position, so a link opens it.
'use strict';

const CELL = 100;       // board units a square
const MARGIN = 34;      // room for the file letters and rank numbers
const PERFECT_STEP_MS = 650;
const SVG_NS = 'http://www.w3.org/2000/svg';

const state = {
  games: [],        // /api/games
  game: '',
  variant: '',
  info: null,       // the variant's entry: start, board, tablebases
  line: [],         // positions shown in this page, in play order
  at: 0,            // line[at] is on the board
  result: null,     // /api/query of line[at]; null when it failed
  selected: null,   // the square of the piece picked to move
  pending: null,    // a move clicked that must still name its removal (Morris: "d7", "a4a1")
  hover: null,      // the move the pointer is on in the list
  running: false,   // the perfect line is being played
  request: 0,       // number of the latest query, so late answers are dropped
};

const $ = (id) => document.getElementById(id);

// ---- the server ----

async function api(path, params) {
  const url = path + (params ? '?' + new URLSearchParams(params) : '');
  const response = await fetch(url);
  let body;
  try {
    body = await response.json();
  } catch (e) {
    throw { message: 'the server sent no JSON (HTTP ' + response.status + ')' };
  }
  if (!response.ok) throw { message: body.error || 'HTTP ' + response.status, generate: body.generate };
  return body;
}

function query(position, extra) {
  return api('/api/query', Object.assign({ game: state.game, variant: state.variant, position: position }, extra));
}

// ---- values ----

function valueClass(v) {
  if (v.value === 'WIN') return 'win';
  if (v.value === 'LOSS') return 'loss';
  if (v.value === 'DRAW') return 'draw';
  return 'unknown';
}

function exactText(v) {
  return v.value === 'DRAW' ? 'DRAW' : v.value + ' in ' + v.distance;
}

// "WIN in 5", or what is proven of an unproven value.
function valueText(v) {
  if (v.value) return exactText(v);
  const parts = [];
  if (v.at_least) parts.push('at least ' + exactText(v.at_least));
  if (v.at_most) parts.push('at most ' + exactText(v.at_most));
  return parts.length ? parts.join(', ') : 'unknown';
}

// The few characters drawn on a move's target: the distance, '=' for a draw.
function shortValue(v) {
  if (v.value === 'DRAW') return '=';
  if (v.value) return String(v.distance);
  return '?';
}

// ---- position text ----

// The fields after the side to move count pieces in hand, one field a kind,
// whose letters board.in_hand gives ("G", "wb").
function parsePosition(text) {
  const fields = text.split(' ');
  const ranks = fields[0].split('/');
  return { board: fields[0], ranks: ranks, side: fields[1] || '?', hands: fields.slice(2).map(Number) };
}

function squareName(file, rank) {
  return String.fromCharCode(97 + file) + rank;
}

// The name the game gives a piece letter or a side letter; the letter itself
// for one it does not name.
function pieceName(letter) {
  const look = state.info && state.info.board.pieces.find((p) => p.letter === letter);
  return look ? look.name : letter;
}
function sideName(letter) {
  const look = state.info && state.info.board.sides.find((s) => s.letter === letter);
  return look ? look.name : letter;
}

// The points of a position with what each holds, [{name, c}]: where the game
// lists its points (Morris), character k of the board text (past the '/'s)
// is on points[k]; otherwise every square is one, ranks from the top.
function cellsOf(parsed) {
  const points = state.info ? state.info.board.points || [] : [];
  const cells = [];
  if (points.length) {
    const chars = parsed.board.replace(/\//g, '');
    for (let k = 0; k < chars.length && k < points.length; ++k) cells.push({ name: points[k], c: chars[k] });
  } else {
    parsed.ranks.forEach((rank, row) => {
      for (let f = 0; f < rank.length; ++f) cells.push({ name: squareName(f, parsed.ranks.length - row), c: rank[f] });
    });
  }
  return cells;
}

function pieceCounts(parsed) {
  const counts = {};
  for (const c of parsed.board) if (c !== '.' && c !== '/') counts[c] = (counts[c] || 0) + 1;
  return counts;
}

// The letter of hand field i ('?' where the game gives none).
function handLetter(i) {
  const letters = (state.info && state.info.board.in_hand) || '';
  return letters[i] || '?';
}

// The pieces of each letter on the board and in hand.
function ownedPieces(parsed) {
  const counts = pieceCounts(parsed);
  parsed.hands.forEach((n, i) => { counts[handLetter(i)] = (counts[handLetter(i)] || 0) + n; });
  return counts;
}

// The pieces of `letter` the game started with and no longer has; of every
// letter when none is given.
function capturedPieces(parsed, letter) {
  const start = ownedPieces(parsePosition(state.info ? state.info.start : parsed.board));
  const now = ownedPieces(parsed);
  const sum = (counts) => letter ? counts[letter] || 0 : Object.values(counts).reduce((a, b) => a + b, 0);
  return Math.max(0, sum(start) - sum(now));
}

// "a2b2" -> {from: "a2", to: "b2"}; "c3" (a placement) -> {from: null, to: "c3"};
// a Morris move that closes a mill names the stone it removes after an x:
// "d7xa1", "a4a1xg7" -> remove: "a1", "g7".
function parseMove(text) {
  const m = /^([a-z][0-9]+)([a-z][0-9]+)?(?:x([a-z][0-9]+))?$/.exec(text);
  if (!m) return { from: null, to: null, remove: null };
  return { from: m[2] ? m[1] : null, to: m[2] || m[1], remove: m[3] || null };
}

// A move without its removal: what clicks on the board name before the
// removal is picked. Moves that differ only by their removal share it.
function stemOf(text) {
  const m = parseMove(text);
  return (m.from || '') + (m.to || '');
}

// ---- drawing ----

function el(name, attrs, parent) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

function drawBoard() {
  const svg = $('board');
  svg.replaceChildren();
  const position = state.line[state.at];
  if (!position || !state.info) return;
  const board = state.info.board;
  const parsed = parsePosition(position);
  const cells = cellsOf(parsed);
  // A game that lists its points lays them on its files x ranks grid; for
  // the others the text's ranks are the grid.
  const listed = (board.points || []).length > 0;
  const ranks = listed ? board.ranks : parsed.ranks.length;
  const files = listed ? board.files : parsed.ranks[0].length;
  const size = { w: files * CELL + 2 * MARGIN, h: ranks * CELL + 2 * MARGIN };
  // A game with pieces in hand gets a strip under the board, a row a hand:
  // the pieces in hand and those captured.
  const row = Math.ceil(64 * Math.min(1, size.w / 560));
  const strip = row * parsed.hands.length;
  svg.setAttribute('viewBox', `0 0 ${size.w} ${size.h + strip}`);
  if (strip) drawHand(svg, parsed, size, row);
  const centre = {};
  for (let r = 1; r <= ranks; ++r)
    for (let f = 0; f < files; ++f)
      centre[squareName(f, r)] = { x: MARGIN + f * CELL + CELL / 2, y: MARGIN + (ranks - r) * CELL + CELL / 2 };

  if (board.on_points) {
    // The board's wood reaches just past the outer points, inside the coordinates.
    const pad = CELL * 0.42;
    el('rect', {
      x: MARGIN + CELL / 2 - pad, y: MARGIN + CELL / 2 - pad,
      width: (files - 1) * CELL + 2 * pad, height: (ranks - 1) * CELL + 2 * pad, rx: 14, class: 'pt-board',
    }, svg);
    for (const [a, b] of board.lines) {
      if (!centre[a] || !centre[b]) continue;
      el('line', { x1: centre[a].x, y1: centre[a].y, x2: centre[b].x, y2: centre[b].y, class: 'pt-line' }, svg);
    }
    for (const cell of cells) {
      const p = centre[cell.name];
      if (p) el('circle', { cx: p.x, cy: p.y, r: 6, class: 'pt-dot' }, svg);
    }
  } else {
    const squares = new Set(cells.map((cell) => cell.name));
    for (let r = 1; r <= ranks; ++r)
      for (let f = 0; f < files; ++f)
        if (squares.has(squareName(f, r)))
          el('rect', {
            x: MARGIN + f * CELL, y: MARGIN + (ranks - r) * CELL, width: CELL, height: CELL,
            class: (f + r) % 2 === 0 ? 'sq-dark' : 'sq-light',
          }, svg);
  }
  for (let f = 0; f < files; ++f) {
    const x = MARGIN + f * CELL + CELL / 2;
    el('text', { x: x, y: MARGIN - 10, 'text-anchor': 'middle', class: 'coord' }, svg).textContent = squareName(f, 1)[0];
    el('text', { x: x, y: size.h - 10, 'text-anchor': 'middle', class: 'coord' }, svg).textContent = squareName(f, 1)[0];
  }
  for (let r = 1; r <= ranks; ++r) {
    const y = MARGIN + (ranks - r) * CELL + CELL / 2 + 5;
    el('text', { x: MARGIN / 2 - 2, y: y, 'text-anchor': 'middle', class: 'coord' }, svg).textContent = r;
    el('text', { x: size.w - MARGIN / 2 + 2, y: y, 'text-anchor': 'middle', class: 'coord' }, svg).textContent = r;
  }

  // The moves, by the square they leave (placements by none), a target for
  // each stem (moves that differ by their removal share one); the list is
  // best first, so each piece's first move, and each stem's, is its best.
  const moves = state.result && state.result.position === position ? state.result.moves : [];
  const stems = {};
  for (const m of moves) (stems[stemOf(m.move)] = stems[stemOf(m.move)] || []).push(m);
  const bySource = {};
  const placements = [];
  for (const [stem, choices] of Object.entries(stems)) {
    const { from, to } = parseMove(choices[0].move);
    if (!to) continue;
    const target = { to: to, stem: stem, choices: choices, move: choices[0] };
    if (from) (bySource[from] = bySource[from] || []).push(target);
    else placements.push(target);
  }
  const pending = state.pending && stems[state.pending];

  const drawPiece = (c, p, extra) => {
    const known = board.pieces.some((look) => look.letter === c);
    const piece = el('circle', { cx: p.x, cy: p.y, r: CELL * 0.36, class: 'piece piece-' + (known ? c : 'x') + extra }, svg);
    if (c === c.toUpperCase()) {  // a capital letter is a figure drawn with its letter; a small one a plain stone
      el('text', { x: p.x, y: p.y + 11, 'text-anchor': 'middle', class: 'piece-label label-' + (known ? c : 'x') + extra }, svg)
        .textContent = c;
    }
    return piece;
  };
  for (const cell of cells) {
    const c = cell.c;
    const name = cell.name;
    const p = centre[name];
    if (!p) continue;
    // Every point takes clicks, empty or not.
    const hit = el('rect', { x: p.x - CELL / 2, y: p.y - CELL / 2, width: CELL, height: CELL, fill: 'transparent' }, svg);
    hit.dataset.square = name;
    if (c === '.') continue;
    drawPiece(c, p, '').dataset.square = name;
    if (bySource[name] && !pending) el('circle', { cx: p.x, cy: p.y, r: CELL * 0.44, class: 'ring ' + valueClass(bySource[name][0].move) }, svg);
    if (state.selected === name) el('circle', { cx: p.x, cy: p.y, r: CELL * 0.47, class: 'selected' }, svg);
  }

  const drawTarget = (p, m, radius, key, value) => {
    const g = el('g', { class: 'target ' + valueClass(m) }, svg);
    g.dataset[key] = value;
    el('circle', { cx: p.x, cy: p.y, r: radius }, g);
    el('text', { x: p.x, y: p.y + 7, 'text-anchor': 'middle' }, g).textContent = shortValue(m);
    el('title', {}, g).textContent = m.move + ': ' + valueText(m);
  };
  if (pending) {
    // A move clicked that closes a mill: the stone it leaves, faded where it
    // lands (read from the position after it), and a target on each stone it
    // may remove.
    const { to } = parseMove(pending[0].move);
    const after = cellsOf(parsePosition(pending[0].position)).find((cell) => cell.name === to);
    if (centre[to] && after && after.c !== '.') {
      drawPiece(after.c, centre[to], ' ghost');
      el('circle', { cx: centre[to].x, cy: centre[to].y, r: CELL * 0.47, class: 'selected' }, svg);
    }
    for (const m of pending) {
      const p = centre[parseMove(m.move).remove];
      if (p) drawTarget(p, m, CELL * 0.2, 'move', m.move);
    }
  } else {
    const targets = state.selected ? bySource[state.selected] || [] : placements;
    const radius = state.selected ? CELL * 0.2 : CELL * 0.17;
    for (const t of targets) {
      const p = centre[t.to];
      if (!p) continue;
      // One move plays at once; several (a removal each) ask for the removal.
      if (t.choices.length === 1) drawTarget(p, t.move, radius, 'move', t.move.move);
      else drawTarget(p, t.move, radius, 'stem', t.stem);
    }
  }
  // The move the pointer is on in the list: a line from its piece, a ring
  // where it lands, a dashed ring on the stone it removes.
  const hover = state.hover ? parseMove(state.hover) : null;
  if (hover && centre[hover.to]) {
    const b = centre[hover.to];
    if (hover.from && centre[hover.from]) {
      const a = centre[hover.from];
      el('line', { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: 'arrow' }, svg);
    }
    el('circle', { cx: b.x, cy: b.y, r: CELL * 0.3, class: 'selected' }, svg);
    const r = centre[hover.remove];
    if (r) el('circle', { cx: r.x, cy: r.y, r: CELL * 0.42, class: 'removal' }, svg);
  }
}

function drawHand(svg, parsed, size, row) {
  // Laid out for a board 560 units wide, scaled down to fit a smaller one;
  // a row a hand field.
  const scale = Math.min(1, size.w / 560);
  const strip = el('g', { transform: `translate(0 ${size.h}) scale(${scale})` }, svg);
  const width = size.w / scale;
  const group = (x, y, letter, count, label, faded) => {
    const g = el('g', { class: 'hand' + (faded ? ' faded' : '') }, strip);
    const known = state.info.board.pieces.some((look) => look.letter === letter);
    el('circle', { cx: x, cy: y + 26, r: 20, class: 'piece-' + (known ? letter : 'x') }, g);
    // A figure shows its letter, as on the board; a plain stone none.
    if (letter === letter.toUpperCase())
      el('text', { x: x, y: y + 34, 'text-anchor': 'middle', class: 'hand-letter' }, g).textContent = letter;
    el('text', { x: x + 32, y: y + 35, class: 'hand-count' }, g).textContent = count + ' ' + label;
  };
  // One hand (Bagh-Chal's goats) counts every piece captured, as the panel
  // does; a hand a side (Morris) what that side has lost.
  parsed.hands.forEach((n, i) => {
    const letter = handLetter(i);
    const y = i * (row / scale);
    group(MARGIN + 20, y, letter, n, 'in hand', false);
    group(width / 2 + 20, y, letter, capturedPieces(parsed, parsed.hands.length > 1 ? letter : null), 'captured', true);
  });
}

// Plays the move a stem names, or, where several moves share it (a removal
// each), waits for the click on the stone to remove.
function chooseStem(stem) {
  const choices = (state.result ? state.result.moves : []).filter((m) => stemOf(m.move) === stem);
  if (choices.length === 1) {
    playMove(choices[0].move);
  } else if (choices.length > 1) {
    state.pending = stem;
    render();
  }
}

function onBoardClick(event) {
  if (state.running) return;
  const target = event.target.closest('[data-move], [data-stem], [data-square]');
  if (!target) return;
  if (target.dataset.move) {
    playMove(target.dataset.move);
    return;
  }
  if (target.dataset.stem) {
    chooseStem(target.dataset.stem);
    return;
  }
  const square = target.dataset.square;
  const moves = state.result ? state.result.moves : [];
  if (state.pending) {
    // A stone the move may remove plays it; any other click lets it go.
    const chosen = moves.find((m) => stemOf(m.move) === state.pending && parseMove(m.move).remove === square);
    if (chosen) {
      playMove(chosen.move);
    } else {
      state.pending = null;
      state.selected = null;
      render();
    }
    return;
  }
  const hasStem = (stem) => moves.some((m) => stemOf(m.move) === stem);
  if (state.selected && hasStem(state.selected + square)) {
    chooseStem(state.selected + square);
  } else if (moves.some((m) => parseMove(m.move).from === square)) {
    state.selected = state.selected === square ? null : square;
    drawBoard();
  } else if (hasStem(square)) {
    chooseStem(square);
  } else if (state.selected) {
    state.selected = null;
    drawBoard();
  }
}

// ---- the panel ----

function showError(error) {
  const box = $('error');
  box.replaceChildren();
  if (!error) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  box.append(error.message);
  if (error.generate) {
    const code = document.createElement('code');
    code.textContent = error.generate;
    box.append(document.createElement('br'), 'generate it with:', code);
  }
}

function drawPanel() {
  const r = state.result;
  const position = state.line[state.at] || '';
  const parsed = parsePosition(position);
  const side = sideName(parsed.side);
  $('to-move').textContent = position ? side + ' to move' : '';
  const value = $('value');
  value.className = 'value ' + (r ? valueClass(r) : 'unknown');
  value.textContent = r ? valueText(r) : '';

  const source = $('source');
  source.className = 'source';
  if (!r) source.textContent = '';
  else if (r.source === 'tablebase') source.textContent = 'from the tablebases';
  else if (r.proven) source.textContent = `proven by search (${r.nodes} nodes, ${r.seconds.toFixed(2)} s)`;
  else {
    source.textContent = `NOT proven: the search stopped at its ${r.stopped_by} (${r.nodes} nodes); values are what it proved`;
    source.className = 'source unproven';
  }

  const counts = pieceCounts(parsed);
  const parts = Object.keys(counts).sort().map((c) => pieceName(c) + ' ' + counts[c]);
  if (!parts.length) parts.push('none');
  if (parsed.hands.length > 1) {
    // A hand a side (Morris): each named, and what each side has lost.
    const each = (count) => parsed.hands.map((n, i) => pieceName(handLetter(i)) + ' ' + count(n, handLetter(i))).join(', ');
    parts.push('in hand: ' + each((n) => n));
    parts.push('captured: ' + each((n, letter) => capturedPieces(parsed, letter)));
  } else {
    if (parsed.hands.length) parts.push('in hand ' + parsed.hands[0]);
    parts.push('captured ' + capturedPieces(parsed, null));
  }
  $('pieces').textContent = position ? 'on the board: ' + parts.join(' · ') : '';

  const list = $('moves');
  list.replaceChildren();
  const over = r && r.moves.length === 0;
  $('moves-title').textContent = over ? 'game over: ' + side + ' has lost'
    : state.pending ? 'moves for ' + side + ': click the stone to remove (marked below)'
    : 'moves for ' + side + ', best first';
  if (r) {
    r.moves.forEach((m, i) => {
      const item = document.createElement('li');
      item.dataset.move = m.move;
      item.dataset.value = m.value || 'unknown';
      if (m.distance !== null && m.distance !== undefined) item.dataset.distance = m.distance;
      if (i === 0) item.className = 'best';
      if (state.pending && stemOf(m.move) === state.pending) item.classList.add('choice');
      const button = document.createElement('button');
      button.className = valueClass(m);
      button.title = m.move + ': ' + valueText(m) + (i === 0 ? ' (best)' : '');
      const name = document.createElement('span');
      name.className = 'move';
      name.textContent = m.move;
      const v = document.createElement('span');
      v.className = 'val';
      v.textContent = valueText(m).replace(' in ', ' ');
      button.append(name, v);
      button.addEventListener('click', () => { if (!state.running) playMove(m.move); });
      button.addEventListener('mouseenter', () => { state.hover = m.move; drawBoard(); });
      button.addEventListener('mouseleave', () => { state.hover = null; drawBoard(); });
      item.appendChild(button);
      list.appendChild(item);
    });
  }
  if (document.activeElement !== $('position')) $('position').value = position;
  $('back').disabled = state.running || state.at === 0;
  $('forward').disabled = state.running || state.at + 1 >= state.line.length;
  $('start').disabled = state.running;
  const perfect = $('perfect');
  perfect.textContent = state.running ? 'stop' : 'play perfect line';
  perfect.classList.toggle('running', state.running);
  perfect.disabled = !state.running && (!r || over);
}

function render() {
  drawBoard();
  drawPanel();
}

function updateUrl() {
  const params = new URLSearchParams({ game: state.game, variant: state.variant, position: state.line[state.at] });
  history.replaceState(null, '', '?' + params);
}

// ---- moving about ----

// Asks for line[at] and shows it. Returns whether the query succeeded.
async function refresh() {
  const request = ++state.request;
  const position = state.line[state.at];
  state.selected = null;
  state.pending = null;
  state.hover = null;
  try {
    const result = await query(position);
    if (request !== state.request) return false;
    state.result = result;
    state.line[state.at] = result.position;  // the canonical spelling
    showError(null);
  } catch (error) {
    if (request !== state.request) return false;
    state.result = null;
    showError(error);
  }
  render();
  updateUrl();
  return state.result !== null;
}

function playMove(move) {
  const m = state.result && state.result.moves.find((x) => x.move === move);
  if (!m) return Promise.resolve(false);
  state.line = state.line.slice(0, state.at + 1);
  state.line.push(m.position);
  state.at += 1;
  return refresh();
}

function fillVariants() {
  const entry = state.games.find((g) => g.name === state.game);
  const select = $('variant');
  select.replaceChildren();
  for (const v of entry.variants) {
    const option = document.createElement('option');
    option.value = v.name;
    const t = v.tablebases;
    option.textContent = v.name + (t.present === t.tiers ? '' : t.present === 0 ? ' (no tablebases)' : ` (${t.present} of ${t.tiers} tiers)`);
    select.appendChild(option);
  }
  select.value = state.variant;
}

// Shows `position` (the variant's start when empty) of a game and variant,
// as the first position of a new line.
async function open(game, variant, position) {
  const entry = state.games.find((g) => g.name === game) || state.games[0];
  const info = entry.variants.find((v) => v.name === variant) || entry.variants[0];
  state.game = entry.name;
  state.variant = info.name;
  state.info = info;
  $('game').value = state.game;
  fillVariants();
  state.line = [position || info.start];
  state.at = 0;
  state.result = null;
  const ok = await refresh();
  if (!ok && position) {
    // Bad text from a link: keep the error in view, draw the start under it.
    const error = $('error').cloneNode(true);
    state.line = [info.start];
    await refresh();
    $('error').replaceWith(error);
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Both sides play the first (best) move until the game ends, the line comes
// back to a position it has shown (a cycle: a draw), a value is not proven,
// or the user stops it.
async function playPerfectLine() {
  if (state.running) {
    state.running = false;
    render();
    return;
  }
  state.running = true;
  render();
  const seen = new Set(state.line.slice(0, state.at + 1));
  while (state.running) {
    await sleep(PERFECT_STEP_MS);
    const r = state.result;
    if (!state.running || !r || r.moves.length === 0 || !r.proven) break;
    if (!(await playMove(r.moves[0].move))) break;
    const now = state.line[state.at];
    if (seen.has(now)) break;
    seen.add(now);
  }
  state.running = false;
  render();
}

async function main() {
  $('board').addEventListener('click', onBoardClick);
  $('game').addEventListener('change', () => open($('game').value, 'default', ''));
  $('variant').addEventListener('change', () => open(state.game, $('variant').value, ''));
  $('back').addEventListener('click', () => { if (state.at > 0) { state.at -= 1; refresh(); } });
  $('forward').addEventListener('click', () => { if (state.at + 1 < state.line.length) { state.at += 1; refresh(); } });
  $('start').addEventListener('click', () => open(state.game, state.variant, ''));
  $('perfect').addEventListener('click', playPerfectLine);
  $('position-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const text = $('position').value.trim();
    try {
      const result = await query(text);
      state.line = [result.position];
      state.at = 0;
      $('position').blur();
      await refresh();
    } catch (error) {
      showError(error);
    }
  });
  document.addEventListener('keydown', (event) => {
    if (event.target.tagName === 'INPUT' || event.target.tagName === 'SELECT') return;
    if (event.key === 'ArrowLeft') $('back').click();
    if (event.key === 'ArrowRight') $('forward').click();
  });

  try {
    state.games = (await api('/api/games')).games;
  } catch (error) {
    showError(error);
    return;
  }
  for (const g of state.games) {
    const option = document.createElement('option');
    option.value = g.name;
    option.textContent = g.name;
    option.title = g.description;
    $('game').appendChild(option);
  }
  const params = new URLSearchParams(location.search);
  await open(params.get('game') || '', params.get('variant') || 'default', params.get('position') || '');
}

main();
