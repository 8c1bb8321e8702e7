// The rtb explorer: draws a position from its text (docs/rules.md: ranks from the
// top, '/' between them, then the side to move and the pieces in hand), asks
// /api/query for its value and every move's, and plays moves clicked on the board,
// in the list, or chosen by the computer. It keeps the game's record (the start
// and the moves played), draws the value after every move as a chart, and holds
// the record in the URL, so Back and Forward step through it and a link
// reproduces it. The board's shape, points and lines, and the names of the pieces
// and sides, come from /api/games (each game's board_look, solver/board_look.hpp).
//
// Sections: the server; values; position and move text; the board's layout;
// drawing the board; the value chart; the panel; the record and the URL; the
// computer; the editor; the rules; the keyboard; start-up.
'use strict';

const CELL = 100;       // board units a square
const MARGIN = 34;      // room for the file letters and rank numbers
const PERFECT_STEP_MS = 650;
const COMPUTER_DELAY_MS = 450;  // so a person sees the position before the reply
const SEARCHING_SHOWN_AFTER_MS = 150;  // quick answers do not flash the notice
const BUSY_RETRIES = 4;  // a 503 (the game's session busy) is asked again this often
const SVG_NS = 'http://www.w3.org/2000/svg';

const state = {
  games: [],         // /api/games
  game: '',
  variant: '',
  info: null,        // the variant's entry: start, board, tablebases
  // The game: its first position, the moves played, the position after each
  // (positions[0] is start), and the ply on the board.
  start: '',
  moves: [],
  positions: [],
  variations: [],    // lines kept beside the record's moves (explorer_variations.js)
  at: 0,
  results: new Map(),  // position text -> /api/query's answer
  endReasons: new Map(),  // the position before and the end, '\n' between -> /api/end's reason
  result: null,      // results of positions[at], once it came
  selected: null,    // the point of the piece picked to move
  pending: null,     // moves that share the target clicked: {kind: 'remove'|'list', moves}
  hover: null,       // the move the pointer is on in the list
  cursor: null,      // the keyboard's point on the board
  flipped: false,
  running: false,    // the perfect line is being played
  players: {},       // side letter -> 'human' | 'computer'
  strength: 100,     // percent of computer moves that are best moves
  hide: false,       // values hidden until the game ends
  rule: true,        // the no-repetition rule, where the variant has it (/api/games: forbids_repetition)
  editing: false,
  edit: null,        // the editor's position: {chars, side, hands, template}
  paletteLetter: null, // the piece the editor places; '' removes; null: the game's first
  search: null,      // the request in flight: {controller, since, timer, what}
  loading: 0,        // number of the latest record load, so a superseded one stops
  computerTimer: 0,
  rng: Math.random,
};

const $ = (id) => document.getElementById(id);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- the server ----

// A query at a time: a new one aborts the one in flight (the server stops a
// superseded search), and a notice with the time it has taken and a cancel
// button shows while one is waited for. A 503 means the game's session is busy
// with another search: asked again a few times, then said.
async function api(path, params, signal) {
  const url = path + (params ? '?' + new URLSearchParams(params) : '');
  for (let attempt = 0; ; ++attempt) {
    let response;
    try {
      response = await fetch(url, { signal: signal });
    } catch (error) {
      if (isAbort(error)) throw error;
      // The browser's own words ("Failed to fetch") say nothing to a person
      // (issue 52): no answer at all means the server is gone or stopped.
      throw { message: 'the server is not answering: is rtb serve still running?', retry: true };
    }
    let body;
    try {
      body = await response.json();
    } catch (e) {
      throw { message: 'the server sent no JSON (HTTP ' + response.status + ')' };
    }
    if (response.status === 503 && attempt < BUSY_RETRIES) {
      setSearchText('the server is busy with another search; asking again (' + (attempt + 1) + ')');
      await sleep(300 * (attempt + 1));
      if (signal && signal.aborted) throw new DOMException('superseded', 'AbortError');
      continue;
    }
    if (response.status === 503)
      throw { message: (body.error || 'the server is busy') + ' (asked ' + (attempt + 1) + ' times; try again)' };
    if (!response.ok) throw { message: body.error || 'HTTP ' + response.status, generate: body.generate };
    return body;
  }
}

function query(position, what, history) {
  const search = beginSearch(what);
  const params = { game: state.game, variant: state.variant, position: position };
  if (history !== null && history !== undefined) params.history = history;
  return api('/api/query', params, search.controller.signal).finally(() => endSearch(search));
}

// Whether the game's no-repetition rule is applied: the variant has it
// and it is not turned off (for analysis). The server applies it
// (service/repetition_rule.hpp) from the history each query sends.
function ruleApplies() {
  return !!(state.info && state.info.forbids_repetition && state.rule);
}

// The history the rule needs at `ply`: the first position and the moves up
// to it, as history= takes them; null where the rule is not applied.
function ruleHistory(ply) {
  return ruleApplies() ? [state.start].concat(state.moves.slice(0, ply)).join(',') : null;
}

// Where an answer is kept: under its position, and under the rule also
// under the way there (the moves it forbids depend on it).
const resultKey = (position, history) => (history === null || history === undefined ? position : position + '\n' + history);
const resultAt = (ply) => state.results.get(resultKey(state.positions[ply], ruleHistory(ply))) || null;

// A query's answer for `position` (with the rule's `history`), from those
// already had when it is there.
async function resultOf(position, what, history) {
  const key = resultKey(position, history);
  if (state.results.has(key)) return state.results.get(key);
  const r = await query(position, what, history);
  state.results.set(key, r);
  state.results.set(resultKey(r.position, history), r);  // the canonical spelling too
  return r;
}

// The reason the rule forbids no move of `r`, or why the side to move has
// none left ("" where it allows some).
const noAllowedMove = (r) => (r && r.rule && r.rule.no_legal_move) || '';

function beginSearch(what) {
  if (state.search) endSearch(state.search, true);
  const search = { controller: new AbortController(), since: performance.now(), what: what || 'searching' };
  state.search = search;
  search.timer = setInterval(() => showSearch(search), 100);
  return search;
}

function showSearch(search) {
  if (state.search !== search) return;
  const ms = performance.now() - search.since;
  if (ms < SEARCHING_SHOWN_AFTER_MS) return;
  $('searching').hidden = false;
  if (!search.custom) $('searching-text').textContent = search.what + '... ' + (ms / 1000).toFixed(1) + ' s';
}

function setSearchText(text) {
  if (!state.search) return;
  state.search.custom = true;
  $('searching').hidden = false;
  $('searching-text').textContent = text;
}

// Ends a search (aborting it when asked); the notice goes with the latest.
function endSearch(search, abort) {
  clearInterval(search.timer);
  if (abort) search.controller.abort();
  if (state.search !== search) return;
  state.search = null;
  $('searching').hidden = true;
}

// A record being loaded stops where it is; a computer's reply waits.
function cancelSearch() {
  stopComputer();
  dropSearch();
}

// Stops waiting for the answer in flight, and asks the server to stop its
// search (a new query needs not: it supersedes the old one itself).
function dropSearch() {
  if (!state.search) return;
  endSearch(state.search, true);
  fetch('/api/cancel?' + new URLSearchParams({ game: state.game, variant: state.variant })).catch(() => {});
}

const isAbort = (error) => error && error.name === 'AbortError';

// ---- values ----

function valueClass(v) {
  if (!v) return 'unknown';
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
  // A search's bounds, for the side to move (issue 27: "at least LOSS 8,
  // at most WIN in 9" read as nonsense).
  if (v.at_least && v.at_most) return 'between ' + exactText(v.at_least) + ' and ' + exactText(v.at_most);
  if (v.at_least) return 'no worse than ' + exactText(v.at_least);
  if (v.at_most) return 'no better than ' + exactText(v.at_most);
  return 'unknown';
}

// The few characters drawn on a move's target: the distance, '=' for a draw.
function shortValue(v) {
  if (v.value === 'DRAW') return '=';
  if (v.value) return String(v.distance);
  return '?';
}

// WIN > DRAW > LOSS, a nearer win and a farther loss better: a number to
// compare values of the same side by (null when not known).
function rank(v) {
  if (!v || !v.value) return null;
  if (v.value === 'WIN') return 2;
  if (v.value === 'DRAW') return 1;
  return 0;
}

// Whether two move rows have the same exact value.
const sameValue = (a, b) => a.value && a.value === b.value && a.distance === b.distance;

// ---- position and move text ----

// The fields after the side to move count pieces in hand, one field a kind,
// whose letters board.in_hand gives ("G", "wb").
function parsePosition(text) {
  const fields = (text || '').split(' ');
  return { board: fields[0], ranks: fields[0].split('/'), side: fields[1] || '?', hands: fields.slice(2).map(Number) };
}

function squareName(file, rank) {
  return String.fromCharCode(97 + file) + rank;
}

// "a2" -> {file: 0, rank: 2, corner: false}; "b3+" (a corner point, named
// after the square whose upper-right corner it is) -> corner: true.
function pointCoords(name) {
  const m = /^([a-z])([0-9]+)(\+?)$/.exec(name || '');
  return m ? { file: m[1].charCodeAt(0) - 97, rank: Number(m[2]), corner: m[3] === '+' } : null;
}

const look = () => (state.info ? state.info.board : { pieces: [], sides: [], lines: [], points: [], in_hand: '' });

// The name the game gives a piece letter or a side letter; the letter itself
// for one it does not name.
function pieceName(letter) {
  const p = look().pieces.find((x) => x.letter === letter);
  return p ? p.name : letter;
}
function sideName(letter) {
  const s = look().sides.find((x) => x.letter === letter);
  return s ? s.name : letter;
}
// 0 for the side that moves first, 1 for the other.
function sideIndex(letter) {
  const i = look().sides.findIndex((s) => s.letter === letter);
  return i < 0 ? 0 : i;
}

// The letter of hand field i ('?' where the game gives none).
function handLetter(i) {
  return look().in_hand[i] || '?';
}

// A move's text taken apart: where it starts (null for a placement), where it
// lands, a Morris removal ("d7xa1", "a4a1xg7"), and the rest of it that no
// click names (a group's size "2a1a3", a split's squares "c3+=c3d4", the
// seed reading's removal order "/xc5").
function parseMove(text) {
  let body = text;
  let remove = null;
  const slash = body.indexOf('/');
  if (slash >= 0) body = body.slice(0, slash);
  const x = /x([a-z][0-9]+)$/.exec(body);
  if (x) {
    remove = x[1];
    body = body.slice(0, x.index);
  }
  body = body.replace(/^[0-9]+/, '');  // a group's size: the tail's move names it
  const split = /^([a-z][0-9]+\+?)=([a-z][0-9]+)/.exec(body);
  if (split) return { from: split[1], to: split[2], remove: remove };
  const m = /^([a-z][0-9]+\+?)([a-z][0-9]+\+?)?$/.exec(body);
  if (!m) return { from: null, to: null, remove: null };
  return { from: m[2] ? m[1] : null, to: m[2] || m[1], remove: remove };
}

// The click that names a move: from and to, without its removal. Moves that
// share it (a removal each, or a group and a slide) ask which.
function stemOf(text) {
  const m = parseMove(text);
  return (m.from || '') + '-' + (m.to || '');
}

// ---- the board's layout ----

// The points of the board in the order the position text writes them, and the
// grid they lie on. Where the game lists its points (Morris) they are those;
// a text whose fields alternate between F and F-1 characters (2R-1 of them)
// holds squares and the corner points between them (the seed reading of
// Crossings: square rank R, corner row R-1, ..., square rank 1); otherwise
// every square is one, ranks from the top.
function layoutOf(text) {
  const board = look();
  const ranks = parsePosition(text).ranks;
  if ((board.points || []).length) return { files: board.files, ranks: board.ranks, names: board.points };
  const F = ranks[0].length;
  const interleaved = ranks.length >= 3 && ranks.length % 2 === 1 &&
    ranks.every((r, k) => r.length === (k % 2 === 0 ? F : F - 1));
  const names = [];
  if (interleaved) {
    const R = (ranks.length + 1) / 2;
    ranks.forEach((row, k) => {
      for (let f = 0; f < row.length; ++f)
        names.push(k % 2 === 0 ? squareName(f, R - k / 2) : squareName(f, R - (k + 1) / 2) + '+');
    });
    return { files: F, ranks: R, names: names, corners: true };
  }
  ranks.forEach((row, k) => {
    for (let f = 0; f < row.length; ++f) names.push(squareName(f, ranks.length - k));
  });
  return { files: F, ranks: ranks.length, names: names };
}

// The points of a position with what each holds, [{name, c}].
function cellsOf(text) {
  const names = layoutOf(text).names;
  const chars = parsePosition(text).board.replace(/\//g, '');
  const cells = [];
  for (let k = 0; k < chars.length && k < names.length; ++k) cells.push({ name: names[k], c: chars[k] });
  return cells;
}

// Whether pieces off the board wait to come back (the seed reading's reserve)
// rather than being captured: the look says so ("reserve"), or, until every
// server says it, a board with corner points has a reserve.
function offBoardIsReserve(text) {
  const board = look();
  if (board.off_board) return board.off_board === 'reserve';
  return layoutOf(text).names.some((n) => n.endsWith('+'));
}

function pieceCounts(parsed) {
  const counts = {};
  for (const c of parsed.board) if (c !== '.' && c !== '/') counts[c] = (counts[c] || 0) + 1;
  return counts;
}

// The pieces of each side: a locked seed piece ("B") is its side's ("b").
function ownedPieces(parsed) {
  const counts = {};
  const add = (c, n) => { const k = ownerOf(c); counts[k] = (counts[k] || 0) + n; };
  for (const [c, n] of Object.entries(pieceCounts(parsed))) add(c, n);
  parsed.hands.forEach((n, i) => add(handLetter(i), n));
  return counts;
}

// A piece letter's side: the letter itself, or its small form where only that
// is a side's letter (the seed reading's locked "B" is black's).
function ownerOf(c) {
  const sides = look().sides.map((s) => s.letter);
  const pieces = look().pieces.map((p) => p.letter);
  if (!sides.includes(c) && pieces.includes(c.toLowerCase()) && sides.includes(c.toLowerCase()) && c !== c.toLowerCase())
    return c.toLowerCase();
  return c;
}

// The pieces of `letter` the game started with and no longer has on the board
// or in hand; of every letter when none is given.
function missingPieces(parsed, letter) {
  const start = ownedPieces(parsePosition(state.info ? state.info.start : parsed.board));
  const now = ownedPieces(parsed);
  const sum = (counts) => letter ? counts[letter] || 0 : Object.values(counts).reduce((a, b) => a + b, 0);
  return Math.max(0, sum(start) - sum(now));
}

// The piece letters a side owns, for the off-board counts of a game that
// has no hand: those the start has on the board.
function boardLetters() {
  const start = parsePosition(state.info ? state.info.start : '');
  const seen = [];
  for (const c of start.board) if (c !== '.' && c !== '/' && !seen.includes(ownerOf(c))) seen.push(ownerOf(c));
  return seen;
}

// ---- drawing the board ----

function el(name, attrs, parent) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

// A point's place in the drawing: a square's centre, a corner on the
// crossing of its square's lines; turned round when the board is flipped.
function centreOf(name, layout) {
  const p = pointCoords(name);
  if (!p) return null;
  const fx = p.file + (p.corner ? 0.5 : 0);
  const fy = p.rank + (p.corner ? 0.5 : 0);
  const col = state.flipped ? layout.files - 1 - fx : fx;
  const row = state.flipped ? fy - 1 : layout.ranks - fy;
  return { x: MARGIN + col * CELL + CELL / 2, y: MARGIN + row * CELL + CELL / 2 };
}

// The classes a piece letter is drawn with: its letter's, and its colour's
// from the look. A look that names a piece only by its letter (made from the
// start text) gives no colour worth keeping for the common letters b and w.
function pieceClasses(c) {
  const p = look().pieces.find((x) => x.letter === c);
  let colour = p ? p.colour : 'grey';
  const lower = c.toLowerCase();
  if ((!p || p.name === c) && (lower === 'b' || lower === 'w')) colour = lower === 'b' ? 'blue' : 'white';
  return 'piece-' + (p ? c : 'x') + ' c-' + colour;
}

function boardMoves(position) {
  const r = state.result;
  return state.editing || !r || r.position !== position ? [] : r.moves;
}

// The last move's points: where it left and where it landed.
function lastMovePoints() {
  if (state.at === 0 || state.editing) return [];
  const m = parseMove(state.moves[state.at - 1]);
  return [m.from, m.to].filter(Boolean);
}

function drawBoard() {
  const svg = $('board');
  svg.replaceChildren();
  const position = state.editing ? editText() : state.positions[state.at];
  if (!position || !state.info) return;
  const board = look();
  const parsed = parsePosition(position);
  const layout = layoutOf(position);
  const cells = cellsOf(position);
  const files = layout.files, ranks = layout.ranks;
  const size = { w: files * CELL + 2 * MARGIN, h: ranks * CELL + 2 * MARGIN };
  // Pieces in hand and off the board: a strip under the board, a row a kind.
  const rows = offBoardRows(parsed, position);
  const row = Math.ceil(64 * Math.min(1, size.w / 560));
  svg.setAttribute('viewBox', `0 0 ${size.w} ${size.h + row * rows.length}`);
  if (rows.length) drawHand(svg, rows, size, row);
  const centre = {};
  for (const name of layout.names) centre[name] = centreOf(name, layout);
  const hidden = valuesHidden();

  if (board.on_points) {
    // The board's wood reaches just past the outer points, inside the coordinates.
    const pad = CELL * 0.42;
    el('rect', {
      x: MARGIN + CELL / 2 - pad, y: MARGIN + CELL / 2 - pad,
      width: (files - 1) * CELL + 2 * pad, height: (ranks - 1) * CELL + 2 * pad, rx: 14, class: 'pt-board',
    }, svg);
    for (const [a, b] of board.lines) {
      const pa = centreOf(a, layout), pb = centreOf(b, layout);
      if (!pa || !pb) continue;
      el('line', { x1: pa.x, y1: pa.y, x2: pb.x, y2: pb.y, class: 'pt-line' }, svg);
    }
    for (const cell of cells) {
      const p = centre[cell.name];
      if (p) el('circle', { cx: p.x, cy: p.y, r: 6, class: 'pt-dot' }, svg);
    }
  } else {
    for (const cell of cells) {
      const q = pointCoords(cell.name);
      if (q.corner) continue;
      const p = centre[cell.name];
      el('rect', {
        x: p.x - CELL / 2, y: p.y - CELL / 2, width: CELL, height: CELL,
        class: (q.file + q.rank) % 2 === 0 ? 'sq-dark' : 'sq-light',
      }, svg);
    }
    // Corner points (the seed reading): a dot where four squares meet.
    for (const cell of cells)
      if (pointCoords(cell.name).corner) el('circle', { cx: centre[cell.name].x, cy: centre[cell.name].y, r: 7, class: 'corner-dot' }, svg);
  }
  for (let f = 0; f < files; ++f) {
    const x = centreOf(squareName(f, 1), layout).x;
    const letter = String.fromCharCode(97 + f);
    el('text', { x: x, y: MARGIN - 10, 'text-anchor': 'middle', class: 'coord' }, svg).textContent = letter;
    el('text', { x: x, y: size.h - 10, 'text-anchor': 'middle', class: 'coord' }, svg).textContent = letter;
  }
  for (let r = 1; r <= ranks; ++r) {
    const y = centreOf(squareName(0, r), layout).y + 5;
    el('text', { x: MARGIN / 2 - 2, y: y, 'text-anchor': 'middle', class: 'coord' }, svg).textContent = r;
    el('text', { x: size.w - MARGIN / 2 + 2, y: y, 'text-anchor': 'middle', class: 'coord' }, svg).textContent = r;
  }

  // The last move: its two points marked under the pieces.
  for (const name of lastMovePoints()) {
    const p = centre[name];
    if (p) el('circle', { cx: p.x, cy: p.y, r: CELL * (name.endsWith('+') ? 0.3 : 0.46), class: 'last-move' }, svg);
  }

  // The moves, by the point they leave (placements by none), a target for
  // each stem (moves that share it ask which); the list is best first, so
  // each piece's first move, and each stem's, is its best.
  const moves = boardMoves(position);
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
  const pending = state.pending;

  const drawPiece = (c, p, corner, extra) => {
    const piece = el('circle', { cx: p.x, cy: p.y, r: CELL * (corner ? 0.24 : 0.36), class: 'piece ' + pieceClasses(c) + extra }, svg);
    if (c === c.toUpperCase()) {  // a capital letter is a figure drawn with its letter; a small one a plain stone
      el('text', { x: p.x, y: p.y + (corner ? 8 : 11), 'text-anchor': 'middle',
        class: 'piece-label ' + pieceClasses(c).replace('piece-', 'label-') + (corner ? ' small' : '') + extra }, svg)
        .textContent = c;
    }
    return piece;
  };
  for (const cell of cells) {
    const c = cell.c;
    const name = cell.name;
    const p = centre[name];
    if (!p) continue;
    const corner = name.endsWith('+');
    // Every point takes clicks, empty or not; a corner's over its squares'.
    const half = corner ? CELL * 0.2 : CELL / 2;
    const hit = el('rect', { x: p.x - half, y: p.y - half, width: 2 * half, height: 2 * half, fill: 'transparent', class: corner ? 'hit corner' : 'hit' }, svg);
    hit.dataset.square = name;
    if (c === '.') continue;
    drawPiece(c, p, corner, '').dataset.square = name;
    const ringClass = hidden ? 'plain' : bySource[name] && valueClass(bySource[name][0].move);
    if (bySource[name] && !pending) el('circle', { cx: p.x, cy: p.y, r: CELL * (corner ? 0.3 : 0.44), class: 'ring ' + ringClass }, svg);
    if (state.selected === name) el('circle', { cx: p.x, cy: p.y, r: CELL * (corner ? 0.32 : 0.47), class: 'selected' }, svg);
  }
  // Corner hit areas go on top so a click near a corner reaches it.
  for (const hit of svg.querySelectorAll('rect.hit.corner')) svg.appendChild(hit);

  const drawTarget = (p, m, radius, key, value) => {
    const g = el('g', { class: 'target ' + (hidden ? 'plain' : valueClass(m)) }, svg);
    g.dataset[key] = value;
    el('circle', { cx: p.x, cy: p.y, r: radius }, g);
    if (!hidden) el('text', { x: p.x, y: p.y + 7, 'text-anchor': 'middle' }, g).textContent = shortValue(m);
    el('title', {}, g).textContent = m.move + (hidden ? '' : ': ' + valueText(m));
  };
  if (pending && pending.kind === 'remove') {
    // A move clicked that closes a mill: the piece it moves, faded where it
    // lands (read from the position after it), and a target on each piece it
    // may remove.
    const { to } = parseMove(pending.moves[0].move);
    const after = cellsOf(pending.moves[0].position).find((cell) => cell.name === to);
    if (centre[to] && after && after.c !== '.') {
      drawPiece(after.c, centre[to], to.endsWith('+'), ' ghost');
      el('circle', { cx: centre[to].x, cy: centre[to].y, r: CELL * 0.47, class: 'selected' }, svg);
    }
    for (const m of pending.moves) {
      const p = centre[parseMove(m.move).remove];
      if (p) drawTarget(p, m, CELL * 0.2, 'move', m.move);
    }
  } else if (!pending) {
    const targets = state.selected ? bySource[state.selected] || [] : placements;
    const radius = state.selected ? CELL * 0.2 : CELL * 0.17;
    for (const t of targets) {
      const p = centre[t.to];
      if (!p) continue;
      if (t.choices.length === 1) drawTarget(p, t.move, radius * (t.to.endsWith('+') ? 0.8 : 1), 'move', t.move.move);
      else drawTarget(p, t.move, radius, 'stem', t.stem);
    }
  }
  // The move the pointer is on in the list: a line from its piece, a ring
  // where it lands, a dashed ring on the piece it removes.
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
  drawCursor();
}

// The keyboard's cursor, while the board has the focus. Focus and blur
// change only it: a board drawn again between a press and a release (a
// click's first press focuses the board) takes away the element pressed,
// and the browser then fires no click (issue 52: the first click was lost).
function drawCursor() {
  const svg = $('board');
  for (const old of svg.querySelectorAll('.cursor')) old.remove();
  const position = state.editing ? editText() : state.positions[state.at];
  if (!position || !state.info || !state.cursor || document.activeElement !== svg) return;
  const layout = layoutOf(position);
  if (!layout.names.includes(state.cursor)) return;
  const p = centreOf(state.cursor, layout);
  const half = CELL * (state.cursor.endsWith('+') ? 0.26 : 0.48);
  el('rect', { x: p.x - half, y: p.y - half, width: 2 * half, height: 2 * half, rx: 8, class: 'cursor' }, svg);
}

// The rows of the strip under the board: each hand field's pieces in hand
// and those it has lost; for a game without a hand whose pieces come back
// (the seed reading's reserve), each side's reserve.
function offBoardRows(parsed, position) {
  const rows = [];
  if (parsed.hands.length) {
    // One hand (Bagh-Chal's goats) counts every piece captured, as the panel
    // does; a hand a side (Morris) what that side has lost.
    parsed.hands.forEach((n, i) => {
      const letter = handLetter(i);
      rows.push({ letter: letter, left: n + ' in hand',
        right: missingPieces(parsed, parsed.hands.length > 1 ? letter : null) + ' captured' });
    });
  } else if (offBoardIsReserve(position)) {
    for (const letter of boardLetters())
      rows.push({ letter: letter, left: missingPieces(parsed, letter) + ' in reserve (' + pieceName(letter) + ')' });
  }
  return rows;
}

function drawHand(svg, rows, size, row) {
  // Laid out for a board 560 units wide, scaled down to fit a smaller one.
  const scale = Math.min(1, size.w / 560);
  const strip = el('g', { transform: `translate(0 ${size.h}) scale(${scale})` }, svg);
  const width = size.w / scale;
  const group = (x, y, letter, label, faded) => {
    const g = el('g', { class: 'hand' + (faded ? ' faded' : '') }, strip);
    el('circle', { cx: x, cy: y + 26, r: 20, class: pieceClasses(letter) }, g);
    // A figure shows its letter, as on the board; a plain stone none.
    if (letter === letter.toUpperCase())
      el('text', { x: x, y: y + 34, 'text-anchor': 'middle', class: 'hand-letter' }, g).textContent = letter;
    el('text', { x: x + 32, y: y + 35, class: 'hand-count' }, g).textContent = label;
  };
  rows.forEach((r, i) => {
    const y = i * (row / scale);
    group(MARGIN + 20, y, r.letter, r.left, false);
    if (r.right) group(width / 2 + 20, y, r.letter, r.right, true);
  });
}

// ---- clicks on the board ----

// Plays the move a stem names, or, where several moves share it, asks which:
// by the piece to remove when that is all they differ by (Morris), else in
// the list of moves.
function chooseStem(stem) {
  const choices = (state.result ? state.result.moves : []).filter((m) => stemOf(m.move) === stem);
  if (choices.length === 1) {
    userMove(choices[0].move);
  } else if (choices.length > 1) {
    const removals = new Set(choices.map((m) => parseMove(m.move).remove));
    const byRemoval = !removals.has(null) && removals.size === choices.length;
    state.pending = { kind: byRemoval ? 'remove' : 'list', moves: choices };
    render();
    if (!byRemoval) {
      const first = document.querySelector('#moves .choice button');
      if (first) first.focus();
    }
  }
}

function clickPoint(square) {
  if (state.editing) {
    editPlace(square);
    return;
  }
  if (state.running || !canMoveByHand()) return;
  const moves = state.result ? state.result.moves : [];
  if (state.pending) {
    // A piece the move may remove plays it; any other click lets it go.
    const chosen = state.pending.kind === 'remove' && state.pending.moves.find((m) => parseMove(m.move).remove === square);
    state.pending = null;
    if (chosen) {
      userMove(chosen.move);
    } else {
      state.selected = null;
      render();
    }
    return;
  }
  const hasStem = (stem) => moves.some((m) => stemOf(m.move) === stem);
  if (state.selected && hasStem(state.selected + '-' + square)) {
    chooseStem(state.selected + '-' + square);
  } else if (moves.some((m) => parseMove(m.move).from === square)) {
    state.selected = state.selected === square ? null : square;
    drawBoard();
  } else if (hasStem('-' + square)) {
    chooseStem('-' + square);
  } else if (state.selected) {
    state.selected = null;
    drawBoard();
  }
}

function onBoardClick(event) {
  const target = event.target.closest('[data-move], [data-stem], [data-square]');
  if (!target) return;
  if (!state.editing && target.dataset.move) {
    if (!state.running && canMoveByHand()) userMove(target.dataset.move);
    return;
  }
  if (!state.editing && target.dataset.stem) {
    if (!state.running && canMoveByHand()) chooseStem(target.dataset.stem);
    return;
  }
  const square = target.dataset.square || target.closest('[data-square]')?.dataset.square;
  if (!square) return;
  state.cursor = square;
  clickPoint(square);
}

// ---- the value chart ----

// The value of the position after each ply, for its side to move, where it
// is known: [{ply, side (0 or 1), value, distance}].
function valueHistory() {
  const points = [];
  state.positions.forEach((position, ply) => {
    const r = resultAt(ply);
    if (!r || !r.value) return;
    points.push({ ply: ply, side: sideIndex(parsePosition(position).side), value: r.value, distance: r.distance || 0 });
  });
  return points;
}

// The moves that made their side's value worse: a win given up for a draw
// or a loss, a draw for a loss. ply k is the move that led to positions[k].
function mistakes() {
  const out = new Set();
  for (let k = 1; k < state.positions.length; ++k) {
    const before = resultAt(k - 1);
    const row = before && before.moves.find((m) => m.move === state.moves[k - 1]);
    // Under the no-repetition rule, judged against the best move it allowed.
    const kept = before && (before.moves.find((m) => !m.forbidden) || before);
    if (!before || !row || rank(kept) === null || rank(row) === null) continue;
    if (rank(row) < rank(kept)) out.add(k);
  }
  return out;
}

function drawChart() {
  const svg = $('chart');
  svg.replaceChildren();
  const note = $('chart-note');
  const hidden = valuesHidden();
  const history = valueHistory();
  const plies = state.positions.length - 1;
  const W = 560, H = 200, left = 40, right = 12, top = 24, bottom = 26;
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  const sides = look().sides;
  const maxDistance = Math.max(4, ...history.map((p) => p.distance));
  const step = (W - left - right) / Math.max(plies, 8);
  const x = (ply) => left + ply * step;
  const axis = top + (H - top - bottom) / 2;
  // A won or lost position stands off the line by `gap` at least: a game
  // over (LOSS in 0) is a win for the other side, not a draw (issue 52:
  // it was drawn on the line, by the "draw" label).
  const gap = 10;
  const scale = ((H - top - bottom) / 2 - gap) / maxDistance;
  // Above the axis the side that moves first wins, below the other: the
  // value for the side to move is turned to the first side's view.
  const y = (p) => {
    if (p.value === 'DRAW') return axis;
    const firstWins = (p.value === 'WIN') === (p.side === 0);
    return axis + (firstWins ? -1 : 1) * (gap + p.distance * scale);
  };
  el('rect', { x: left, y: top, width: W - left - right, height: axis - top, class: 'chart-half side-0' }, svg);
  el('rect', { x: left, y: axis, width: W - left - right, height: H - bottom - axis, class: 'chart-half side-1' }, svg);
  el('line', { x1: left, y1: axis, x2: W - right, y2: axis, class: 'chart-axis' }, svg);
  el('text', { x: W - right - 4, y: axis - 5, 'text-anchor': 'end', class: 'chart-label' }, svg).textContent = 'draw';
  drawChartLegend(sides);
  // The distance scale: the largest at each end (the line is a draw; a
  // distance of 0 stands just off it).
  for (const [d, yy] of [[hidden ? '?' : maxDistance, top], [hidden ? '?' : maxDistance, H - bottom]])
    el('text', { x: left - 6, y: yy + 5, 'text-anchor': 'end', class: 'chart-tick' }, svg).textContent = d;
  // Ply numbers under the chart, about ten of them.
  const every = Math.max(1, Math.ceil(Math.max(plies, 8) / 10));
  for (let ply = 0; ply <= plies; ply += every)
    el('text', { x: x(ply), y: H - 8, 'text-anchor': 'middle', class: 'chart-tick' }, svg).textContent = ply;
  el('line', { x1: x(state.at), y1: top, x2: x(state.at), y2: H - bottom, class: 'chart-now' }, svg);
  if (hidden) {
    note.textContent = 'values are hidden until the game ends';
    svg.classList.add('veiled');
    return;
  }
  svg.classList.remove('veiled');
  note.textContent = history.length ? '' : 'no values yet';
  const path = history.map((p, i) => (i ? 'L' : 'M') + x(p.ply).toFixed(1) + ' ' + y(p).toFixed(1)).join(' ');
  if (history.length > 1) el('path', { d: path, class: 'chart-line' }, svg);
  const bad = mistakes();
  for (const p of history) {
    const winner = p.value === 'DRAW' ? 'draw' : 'side-' + ((p.value === 'WIN') === (p.side === 0) ? 0 : 1);
    const g = el('g', { class: 'chart-point ' + winner + (bad.has(p.ply) ? ' mistake' : '') + (p.ply === state.at ? ' now' : '') }, svg);
    g.dataset.ply = p.ply;
    el('circle', { cx: x(p.ply), cy: y(p), r: p.ply === state.at ? 7 : 5 }, g);
    el('title', {}, g).textContent = 'after ' + p.ply + ' plies: ' + sideName(look().sides[p.side]?.letter) + ' to move, ' +
      exactText(p) + (bad.has(p.ply) ? ' (the move before was a mistake)' : '');
    if (bad.has(p.ply)) el('text', { x: x(p.ply), y: y(p) - 10, 'text-anchor': 'middle', class: 'mistake-text' }, g).textContent = '?';
  }
}

// Which half is whose, above the chart: the first side above the line.
function drawChartLegend(sides) {
  const legend = $('chart-legend');
  legend.replaceChildren();
  const key = (i, text) => {
    const span = document.createElement('span');
    span.className = 'key';
    const dot = document.createElement('span');
    dot.className = 'side-dot side-' + i;
    span.append(dot, text);
    legend.append(span);
  };
  key(0, 'above the line: won by ' + (sides[0] ? sides[0].name : 'the first side'));
  key(1, 'below: won by ' + (sides[1] ? sides[1].name : 'the other side'));
  const d = document.createElement('span');
  d.className = 'key';
  d.textContent = 'draw on the line; height: plies to the end';
  legend.append(d);
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
  // The server's message ends with the command; it is shown once, below
  // (issue 27: the box gave it twice).
  const said = error.generate ? error.message.replace(/;? *generate (it|them) with:.*$/s, '') : error.message;
  box.append(said);
  if (error.generate) {
    const code = document.createElement('code');
    code.textContent = error.generate;
    box.append(document.createElement('br'), 'generate it with:', code);
  }
  if (error.retry) {
    const again = document.createElement('button');
    again.type = 'button';
    again.className = 'retry';
    again.textContent = 'ask again';
    again.addEventListener('click', () => goTo(state.at));
    box.append(' ', again);
  }
}

// The game is over when the record's last position has no move (or none
// that the rule allows).
function gameOver() {
  const r = resultAt(state.positions.length - 1);
  return !!r && (r.moves.length === 0 || !!noAllowedMove(r));
}

function valuesHidden() {
  return state.hide && !gameOver() && !state.editing;
}

function drawPanel() {
  // In the editor the panel is the edited position's: its side, its pieces
  // and its value once the server has answered for it (issue 52: the old
  // position's stayed).
  const position = (state.editing ? editText() : state.positions[state.at]) || '';
  const r = state.editing ? state.results.get(position) || null : state.result;
  const hidden = valuesHidden();
  const parsed = parsePosition(position);
  const side = sideName(parsed.side);
  $('to-move').textContent = position ? side + ' to move' + (isComputer(parsed.side) ? ' (computer)' : '') : '';
  const value = $('value');
  value.className = 'value ' + (r && !hidden ? valueClass(r) : 'unknown');
  value.textContent = r ? (hidden ? 'value hidden' : valueText(r)) : '';
  // Beside the value: where the rule forbids every move that keeps it.
  const note = $('rule-note');
  note.textContent = r && !hidden && r.rule && r.rule.note ? 'no-repetition rule: ' + r.rule.note : '';
  note.hidden = !note.textContent;

  const source = $('source');
  source.className = 'source';
  if (!r || hidden) source.textContent = '';
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
    parts.push('captured: ' + each((n, letter) => missingPieces(parsed, letter)));
  } else if (parsed.hands.length) {
    parts.push('in hand ' + parsed.hands[0]);
    parts.push('captured ' + missingPieces(parsed, null));
  } else if (position && offBoardIsReserve(position)) {
    parts.push('in reserve: ' + boardLetters().map((l) => pieceName(l) + ' ' + missingPieces(parsed, l)).join(', '));
  } else {
    parts.push('captured ' + missingPieces(parsed, null));
  }
  $('pieces').textContent = position ? 'on the board: ' + parts.join(' · ') : '';

  drawMoveList(r, side, hidden);
  drawRecord();
  if (document.activeElement !== $('position')) $('position').value = state.editing ? editText() : position;
  if (document.activeElement !== $('record-text')) $('record-text').value = recordText();
  const busy = state.running || state.editing;
  $('back').disabled = busy || state.at === 0;
  $('start').disabled = busy || state.at === 0;
  $('forward').disabled = busy || state.at >= state.moves.length;
  $('end').disabled = busy || state.at >= state.moves.length;
  $('best').disabled = busy || !r || r.moves.length === 0;
  const perfect = $('perfect');
  perfect.textContent = state.running ? 'stop' : 'play perfect line';
  perfect.classList.toggle('running', state.running);
  perfect.disabled = state.editing || (!state.running && (!r || r.moves.length === 0));
}

function drawMoveList(r, side, hidden) {
  const list = $('moves');
  const hadFocus = list.contains(document.activeElement);
  list.replaceChildren();
  const over = r && (r.moves.length === 0 || !!noAllowedMove(r));
  if (state.editing) {
    $('moves-title').textContent = 'editing the board: "start from here" plays from it';
    return;
  }
  $('moves-title').textContent = over && noAllowedMove(r) ? 'game over: ' + side + ' to move: ' + noAllowedMove(r)
    : over ? 'game over' + (endReasonAt(state.at) ? ': ' + endReasonAt(state.at) : '')
    : state.pending && state.pending.kind === 'remove' ? 'moves for ' + side + ': click the piece to remove (marked below)'
    : state.pending ? 'moves for ' + side + ': several moves go there, pick one (marked below)'
    : hidden ? 'moves for ' + side + ' (values hidden)'
    : 'moves for ' + side + ', best first';
  if (r) {
    // Hidden values keep their order secret too: the moves in text order.
    const rows = hidden ? r.moves.slice().sort((a, b) => a.move.localeCompare(b.move)) : r.moves;
    rows.forEach((m, i) => {
      const item = document.createElement('li');
      item.dataset.move = m.move;
      if (!hidden) {
        item.dataset.value = m.value || 'unknown';
        if (m.distance !== null && m.distance !== undefined) item.dataset.distance = m.distance;
      }
      if (i === 0 && !hidden) item.className = 'best';
      if (state.pending && state.pending.moves.includes(m)) item.classList.add('choice');
      if (m.forbidden) item.classList.add('forbidden');
      const button = document.createElement('button');
      button.className = hidden ? 'plain' : valueClass(m);
      button.title = m.move + (hidden ? '' : ': ' + valueText(m) + (i === 0 ? ' (best)' : '')) +
        (m.forbidden ? '; forbidden: it ' + m.forbidden : '');
      const name = document.createElement('span');
      name.className = 'move';
      name.textContent = m.move;
      button.append(name);
      if (m.forbidden) {
        // Shown, not hidden: the rule's reason is no value.
        const why = document.createElement('span');
        why.className = 'why';
        why.textContent = 'forbidden: ' + m.forbidden.replace(/ \(.*\)$/, '');
        button.append(why);
      }
      if (!hidden) {
        const v = document.createElement('span');
        // Bounds ("between LOSS 6 and WIN 7") are long: they may wrap.
        v.className = m.value ? 'val' : 'val bounds';
        v.textContent = valueText(m).replace(/ in /g, ' ');
        button.append(v);
      }
      button.addEventListener('click', () => { if (!state.running && !state.editing && canMoveByHand()) userMove(m.move); });
      button.addEventListener('mouseenter', () => { state.hover = m.move; drawBoard(); });
      button.addEventListener('mouseleave', () => { state.hover = null; drawBoard(); });
      item.appendChild(button);
      list.appendChild(item);
    });
  }
  if (hadFocus && !list.contains(document.activeElement)) $('board').focus();
}

// ---- why a game is over ----
//
// In the words of `rtb play`, from the service (GET /api/end: the position
// with no move and the one before it), kept by that pair: the same end
// reached by another move may have another reason.

const endKey = (ply) => (ply > 0 ? state.positions[ply - 1] : '') + '\n' + state.positions[ply];

// The reason for the end at `ply`, asked once; null until it is known.
function endReasonAt(ply) {
  return state.endReasons.get(endKey(ply)) || null;
}

// Asks why the game is over at `ply`, where its answer has no move.
async function loadEndReason(ply) {
  const r = state.result;
  if (!r || r.moves.length > 0) return;
  const key = endKey(ply);
  if (state.endReasons.has(key)) return;
  const params = { game: state.game, variant: state.variant, position: state.positions[ply] };
  if (ply > 0) params.before = state.positions[ply - 1];
  try {
    state.endReasons.set(key, (await api('/api/end', params)).reason);
  } catch (error) {
    return;  // the line says "game over" without why; nothing else depends on it
  }
  if (state.at === ply && endKey(ply) === key) render();
}

function drawRecord() {
  const list = $('record');
  list.replaceChildren();
  const bad = valuesHidden() ? new Set() : mistakes();
  const item = (ply, text, side) => {
    const li = document.createElement('li');
    li.dataset.ply = ply;
    if (ply === state.at) li.className = 'current';
    if (bad.has(ply)) li.classList.add('mistake');
    const button = document.createElement('button');
    button.type = 'button';
    const dot = document.createElement('span');
    dot.className = 'side-dot side-' + side;
    button.append(dot, text);
    if (bad.has(ply)) {
      const mark = document.createElement('span');
      mark.className = 'mistake-mark';
      mark.textContent = '?';
      mark.title = 'this move made its side\'s value worse';
      button.append(mark);
    }
    button.title = ply === 0 ? 'the start' : 'after move ' + ply;
    button.addEventListener('click', () => { if (!state.running && !state.editing) goTo(ply, true); });
    li.appendChild(button);
    list.appendChild(li);
  };
  item(0, 'start', sideIndex(parsePosition(state.positions[0]).side));
  state.moves.forEach((m, k) => item(k + 1, (k + 1) + '. ' + m, sideIndex(parsePosition(state.positions[k]).side)));
  $('record-title').textContent = 'game record (' + state.moves.length + (state.moves.length === 1 ? ' move)' : ' moves)');
  // The current move in view inside the record's own box. scrollIntoView
  // scrolls the window too: a link with moves opened on a phone at the
  // record, the board off the screen (issue 52).
  const current = list.querySelector('.current');
  if (current && list.scrollHeight > list.clientHeight) {
    const box = list.getBoundingClientRect(), chip = current.getBoundingClientRect();
    if (chip.top < box.top) list.scrollTop += chip.top - box.top;
    else if (chip.bottom > box.bottom) list.scrollTop += chip.bottom - box.bottom;
  }
  if (typeof drawVariations === 'function') drawVariations();  // explorer_variations.js, once it has loaded
}

function drawPlayers() {
  const box = $('players');
  box.replaceChildren();
  for (const s of look().sides) {
    const label = document.createElement('label');
    label.className = 'row';
    label.append(s.name + ' ');
    const select = document.createElement('select');
    select.id = 'player-' + s.letter;
    select.dataset.side = s.letter;
    for (const who of ['human', 'computer']) {
      const option = document.createElement('option');
      option.value = who;
      option.textContent = who;
      select.appendChild(option);
    }
    select.value = state.players[s.letter] || 'human';
    select.addEventListener('change', () => {
      state.players[s.letter] = select.value;
      updateUrl(false);
      render();
      maybeComputerMove();
    });
    label.appendChild(select);
    box.appendChild(label);
  }
  $('strength').value = String(state.strength);
  $('hide').checked = state.hide;
  $('rule').checked = state.rule;
  $('rule-row').hidden = !(state.info && state.info.forbids_repetition);
}

function render() {
  drawBoard();
  drawPanel();
  drawChart();
  if (typeof drawStats === 'function') drawStats();  // explorer_stats.js, once it has loaded
}

// ---- the record and the URL ----

// The URL of the game shown: the variant, its start, the moves and the ply
// on the board (when not the last), and who the computer plays.
function urlParams() {
  const params = new URLSearchParams({ game: state.game, variant: state.variant, start: state.start });
  // Blanks between moves ('+' in the URL), as the record's text: a seed
  // Crossings move may hold a comma.
  if (state.moves.length) params.set('moves', state.moves.join(' '));
  // The variations too, as the record's moves field (explorer_variations.js).
  if (state.variations.length) params.set('line', movesText(state.moves, state.variations));
  if (state.at !== state.moves.length) params.set('at', state.at);
  const computer = look().sides.filter((s) => isComputer(s.letter)).map((s) => s.letter).join('');
  if (computer) params.set('computer', computer);
  if (state.strength !== 100) params.set('strength', state.strength);
  if (state.hide) params.set('hide', '1');
  if (!state.rule) params.set('rule', '0');
  if (state.editing) params.set('edit', '1');  // a reload or a link opens the editor again
  if ($('stats-box').open) params.set('stats', '1');  // and the statistics (explorer_stats.js)
  if (rulesOpen()) params.set('rules', '1');
  return params;
}

function historyState() {
  return { game: state.game, variant: state.variant, start: state.start, moves: state.moves.slice(), at: state.at,
           variations: state.variations };
}

// A new entry for each step through the game, so Back goes back a move.
function updateUrl(push) {
  const url = '?' + urlParams();
  if (push && '?' + new URLSearchParams(location.search) !== url) history.pushState(historyState(), '', url);
  else history.replaceState(historyState(), '', url);
}

// "pangki default | wwww/w..w/b..b/bbbb b | a2b2 d3c3 (d3d2)": the record on
// one line, each variation in parentheses after the move it replaces.
function recordText() {
  return [state.game + ' ' + state.variant, state.start, movesText(state.moves, state.variations)].join(' | ');
}

// Shows positions[ply]: asks for its values where they are not known yet.
async function goTo(ply, push) {
  state.at = Math.max(0, Math.min(ply, state.moves.length));
  state.selected = null;
  state.pending = null;
  state.hover = null;
  stopComputer();
  const position = state.positions[state.at];
  const history = ruleHistory(state.at);
  state.result = resultAt(state.at);
  if (push !== undefined) updateUrl(push);
  render();
  if (state.result) {
    // An answer still awaited for another position is not wanted now: the
    // server may stop its search.
    dropSearch();
    showError(null);
    await loadEndReason(state.at);
    maybeComputerMove();
    return true;
  }
  try {
    const r = await resultOf(position, undefined, history);
    if (state.positions[state.at] !== position) return false;
    state.result = r;
    showError(null);
  } catch (error) {
    if (isAbort(error)) {
      if (state.positions[state.at] === position)
        showError({ message: 'stopped: the answer for this position was not waited for', retry: true });
      return false;
    }
    if (state.positions[state.at] !== position) return false;
    showError(error);
  }
  render();
  await loadEndReason(state.at);
  maybeComputerMove();
  return state.result !== null;
}

// Plays `move` from the position on the board. Where the record has moves
// after it, the same move goes on along them; another move keeps them as a
// variation, or takes up the variation that began with it.
function playMove(move) {
  const m = state.result && state.result.moves.find((x) => x.move === move);
  if (!m) return Promise.resolve(false);
  if (m.forbidden) {
    // The no-repetition rule: refused, with why (the option above turns it off).
    showError({ message: move + ' is not allowed: it ' + m.forbidden });
    return Promise.resolve(false);
  }
  const opened = keepOldMovesBefore(m.move);
  if (opened) return opened;
  if (state.moves[state.at] === m.move) return goTo(state.at + 1, true);
  state.moves = state.moves.slice(0, state.at);
  state.positions = state.positions.slice(0, state.at + 1);
  state.moves.push(m.move);
  state.positions.push(m.position);
  return goTo(state.at + 1, true);
}

function userMove(move) {
  stopComputer();
  return playMove(move);
}

// Opens a game: its variant, the start (the variant's when empty), the moves
// of the record (each checked against the list of the position it is played
// in) and the ply to show (the last when null), with the variations kept
// beside those moves. Moves are looked up one position after another; a move
// that is not legal stops the record there. A variation's moves are looked
// up when it is taken up.
async function openGame(game, variant, start, moves, at, push, variations) {
  const entry = state.games.find((g) => g.name === game) || state.games[0];
  const info = entry.variants.find((v) => v.name === variant) || entry.variants[0];
  const changed = state.info !== info;
  state.game = entry.name;
  state.variant = info.name;
  state.info = info;
  if (changed) {
    state.results = new Map();
    state.flipped = false;
    state.players = Object.fromEntries(look().sides.map((s) => [s.letter, state.players[s.letter] || 'human']));
    drawPlayers();
    if (state.editing) leaveEditor();
    fillPalette();
    showRules();  // the panel, where open, follows the game and variant
  }
  $('game').value = state.game;
  fillVariants();
  stopComputer();
  const load = ++state.loading;
  state.start = start || info.start;
  state.moves = [];
  state.positions = [state.start];
  state.variations = [];
  state.at = 0;
  state.result = null;
  render();
  let first;
  try {
    first = await resultOf(state.start, moves.length ? 'loading the game' : 'searching', ruleHistory(0));
  } catch (error) {
    if (load !== state.loading) return;
    if (isAbort(error)) return;
    if (start && !error.generate) {
      // Bad text from a link: keep the error in view, draw the start under it.
      const message = { message: error.message, generate: error.generate };
      await openGame(game, variant, '', [], null, push);
      showError(message);
    } else {
      showError(error);
      render();
    }
    return;
  }
  if (load !== state.loading) return;
  state.start = first.position;
  state.positions = [first.position];
  let error = null;
  moves = moves.slice();
  for (let k = 0; k < moves.length; ++k) {
    const r = resultAt(k);
    const legal = (text) => r && r.moves.find((m) => m.move === text);
    let row = legal(moves[k]);
    // Records and links once separated moves by commas, and a seed
    // Crossings move holds commas of its own: a word that is no move is
    // read as its longest first part that is one, and the rest after it.
    const parts = moves[k].split(',');
    for (let n = parts.length - 1; !row && n > 0; --n) {
      row = legal(parts.slice(0, n).join(','));
      const rest = parts.slice(n).join(',');
      if (row) moves.splice(k, 1, row.move, ...(rest ? [rest] : []));
    }
    if (!row) {
      error = { message: 'move ' + (k + 1) + ' (' + moves[k] + ') is not a legal move in ' + state.positions[k] + '; the record stops before it' };
      break;
    }
    if (row.forbidden) {
      error = { message: 'move ' + (k + 1) + ' (' + moves[k] + ') is not allowed: it ' + row.forbidden + '; the record stops before it' };
      break;
    }
    state.moves.push(row.move);
    state.positions.push(row.position);
    try {
      await resultOf(row.position, 'loading the game: move ' + (k + 1) + ' of ' + moves.length, ruleHistory(k + 1));
    } catch (e) {
      if (load !== state.loading) return;
      error = isAbort(e) ? { message: 'loading stopped: the record ends after move ' + (k + 1) } : e;
      break;
    }
    if (load !== state.loading) return;
  }
  state.variations = (variations || []).filter((v) => v.at < state.moves.length);
  await goTo(at === null || at === undefined ? state.moves.length : at, push);
  if (error) showError(error);
}

async function onPopState(event) {
  const s = event.state;
  if (!s) return;
  if (s.game === state.game && s.variant === state.variant && s.start === state.start &&
      s.moves.every((m, k) => state.moves[k] === m) && s.moves.length <= state.moves.length) {
    // The same game (or the start of it): only the ply changes, and the
    // moves after it stay to go forward to.
    await goTo(s.at);
  } else {
    await openGame(s.game, s.variant, s.start, s.moves, s.at, undefined, s.variations);
  }
}

// "game variant | start | moves", "start | moves", or moves alone (played from
// the start shown); moves split by spaces or commas, variations in
// parentheses after the move they replace (explorer_variations.js).
function importRecord(text) {
  const parts = text.split('|').map((p) => p.trim());
  let game = state.game, variant = state.variant, start = state.start, field;
  if (parts.length >= 3) {
    [game, variant] = parts[0].split(/\s+/).filter(Boolean);
    start = parts[1];
    field = parts[2];
  } else if (parts.length === 2) {
    start = parts[0];
    field = parts[1];
  } else {
    field = parts[0];
  }
  if (!state.games.some((g) => g.name === game && g.variants.some((v) => v.name === variant))) {
    showError({ message: 'unknown game or variant in the record: ' + game + ' ' + variant });
    return;
  }
  let line;
  try {
    line = parseMovesText(field);
  } catch (error) {
    showError({ message: 'the record is not read: ' + error.message });
    return;
  }
  openGame(game, variant || 'default', start, line.moves, null, true, line.variations);
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
  stopComputer();
  render();
  const seen = new Set(state.positions.slice(0, state.at + 1));
  while (state.running) {
    await sleep(PERFECT_STEP_MS);
    const r = state.result;
    const best = r && r.moves.find((m) => !m.forbidden);  // the best the rule allows
    if (!state.running || !best || !r.proven) break;
    if (!(await playMove(best.move))) break;
    const now = state.positions[state.at];
    if (seen.has(now)) break;
    seen.add(now);
  }
  state.running = false;
  render();
}

// ---- the computer ----

function isComputer(side) {
  return state.players[side] === 'computer';
}

// Whether a person may move now: the side to move is not the computer's.
function canMoveByHand() {
  const position = state.positions[state.at];
  return !position || !isComputer(parsePosition(position).side) || state.at < state.moves.length;
}

// A best move: the shortest win, the longest loss, a draw when drawn (the
// list is best first), one at random among equals. With a strength under 100
// that share of moves is picked at random among all. Never a move that the
// no-repetition rule forbids: the best it allows.
function computerChoice(r) {
  const moves = r.moves.filter((m) => !m.forbidden);
  if (!moves.length) return null;
  if (state.rng() * 100 >= state.strength) return moves[Math.floor(state.rng() * moves.length)].move;
  const best = moves.filter((m) => sameValue(m, moves[0]));
  const pool = best.length ? best : [moves[0]];
  return pool[Math.floor(state.rng() * pool.length)].move;
}

// The computer answers at the end of the record, never in the middle of it
// (going back to look must not replace the moves after).
function maybeComputerMove() {
  const r = state.result;
  const position = state.positions[state.at];
  if (!r || state.running || state.editing || state.at !== state.moves.length || r.position !== position) return;
  if (!isComputer(parsePosition(position).side) || r.moves.length === 0 || noAllowedMove(r)) return;
  stopComputer();
  state.computerTimer = setTimeout(() => {
    state.computerTimer = 0;
    if (state.positions[state.at] !== position || state.at !== state.moves.length) return;
    const move = computerChoice(r);
    if (move) playMove(move);
  }, COMPUTER_DELAY_MS);
}

function stopComputer() {
  if (state.computerTimer) clearTimeout(state.computerTimer);
  state.computerTimer = 0;
}

// A generator of numbers in [0, 1) from a seed (the URL's "seed"), so a test
// or a link gets the same choices; Math.random without one.
function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---- the editor ----

// The editor holds a position as its characters point by point, with the
// board text it came from as the template of its fields' lengths.
function enterEditor() {
  stopComputer();
  state.running = false;
  state.editing = true;
  state.selected = null;
  state.pending = null;
  editFrom(state.positions[state.at]);
  updateUrl(false);
}

function editFrom(text) {
  const parsed = parsePosition(text);
  state.edit = { template: parsed.board, chars: parsed.board.replace(/\//g, '').split(''), side: parsed.side, hands: parsed.hands.slice() };
  fillEditor();
  editChanged();
}

function leaveEditor() {
  state.editing = false;
  $('editor-box').open = false;
  $('edit-check').textContent = '';
}

function editText() {
  const e = state.edit;
  let k = 0;
  const board = e.template.replace(/[^/]/g, () => e.chars[k++]);
  return [board, e.side].concat(e.hands.map(String)).join(' ');
}

function editPlace(square) {
  const names = layoutOf(editText()).names;
  const k = names.indexOf(square);
  if (k < 0) return;
  const letter = state.paletteLetter;
  state.edit.chars[k] = state.edit.chars[k] === letter || !letter ? '.' : letter;
  editChanged();
}

function fillPalette() {
  const box = $('palette');
  box.replaceChildren();
  const letters = look().pieces.map((p) => p.letter);
  if (state.paletteLetter === null || (state.paletteLetter && !letters.includes(state.paletteLetter)))
    state.paletteLetter = letters[0] || '';
  for (const letter of letters.concat([''])) {
    const button = document.createElement('button');
    button.type = 'button';
    button.setAttribute('role', 'radio');
    button.dataset.letter = letter;
    button.textContent = letter ? pieceName(letter) + ' (' + letter + ')' : 'remove';
    button.addEventListener('click', () => {
      state.paletteLetter = letter;
      fillPalette();
    });
    button.setAttribute('aria-checked', String(state.paletteLetter === letter));
    box.appendChild(button);
  }
}

function fillEditor() {
  const side = $('edit-side');
  side.replaceChildren();
  for (const s of look().sides) {
    const option = document.createElement('option');
    option.value = s.letter;
    option.textContent = s.name;
    side.appendChild(option);
  }
  side.value = state.edit.side;
  const hands = $('edit-hands');
  hands.replaceChildren();
  state.edit.hands.forEach((n, i) => {
    const label = document.createElement('label');
    label.append(pieceName(handLetter(i)) + ' in hand ');
    const input = document.createElement('input');
    input.type = 'number';
    input.min = '0';
    input.max = '99';
    input.value = n;
    input.className = 'hand-input';
    input.dataset.hand = i;
    input.addEventListener('input', () => {
      state.edit.hands[i] = Math.max(0, Number(input.value) || 0);
      editChanged();
    });
    label.appendChild(input);
    hands.appendChild(label);
  });
  fillPalette();
}

// The position text follows each change; the server says whether it is a
// position (the parser's message when not), a short while after the last.
let editTimer = 0;
function editChanged() {
  const text = editText();
  $('position').value = text;
  $('edit-check').className = 'edit-check';
  $('edit-check').textContent = 'checking ' + text + ' ...';
  render();
  clearTimeout(editTimer);
  editTimer = setTimeout(async () => {
    try {
      // Kept with the answers: the panel shows the edited position's value.
      await resultOf(text, 'checking the position');
      if (editText() !== text || !state.editing) return;
      $('edit-check').className = 'edit-check ok';
      $('edit-check').textContent = 'a position: ' + text;
      render();
    } catch (error) {
      if (isAbort(error) || editText() !== text) return;
      // A position without its tablebase is still a position.
      $('edit-check').className = error.generate ? 'edit-check ok' : 'edit-check bad';
      $('edit-check').textContent = error.generate ? 'a position (its tablebase is not there): ' + text : error.message;
    }
  }, 250);
}

// ---- the rules ----

// The rules of the variant shown and how its moves are written, in the game's
// own words (/api/rules: lines "Topic: text"), in a panel under the header
// while it is open. It follows the game and variant picked; rules=1 in the
// URL opens it.
const rulesShown = { key: '', load: 0 };

function rulesOpen() {
  return !$('rules-panel').hidden;
}

function openRules(open) {
  $('rules-panel').hidden = !open;
  $('rules-button').setAttribute('aria-expanded', String(open));
  if (open) showRules();
}

async function showRules() {
  if (!rulesOpen() || !state.game) return;
  const key = state.game + '\n' + state.variant;
  if (rulesShown.key === key) return;
  rulesShown.key = key;
  const load = ++rulesShown.load;
  $('rules-title').textContent = 'rules of ' + state.game + ' (' + state.variant + ')';
  const list = $('rules-text');
  list.replaceChildren();
  list.setAttribute('aria-busy', 'true');
  let text;
  try {
    text = (await api('/api/rules', { game: state.game, variant: state.variant })).rules;
  } catch (error) {
    if (load !== rulesShown.load) return;
    rulesShown.key = '';  // asked again when the panel opens next
    list.removeAttribute('aria-busy');
    const said = document.createElement('dd');
    said.className = 'rules-error';
    said.textContent = 'the rules could not be read: ' + error.message;
    list.append(said);
    return;
  }
  if (load !== rulesShown.load) return;
  for (const line of text.split('\n').filter(Boolean)) {
    const colon = line.indexOf(': ');
    const topic = document.createElement('dt');
    topic.textContent = colon < 0 ? '' : line.slice(0, colon);
    const said = document.createElement('dd');
    const words = colon < 0 ? line : line.slice(colon + 2);
    // A sentence of its own here: a first word in capitals, a first move ("d7 places") as written.
    said.textContent = /^[a-z]+[ ,;]/.test(words) ? words.charAt(0).toUpperCase() + words.slice(1) : words;
    list.append(topic, said);
  }
  list.removeAttribute('aria-busy');
}

function wireRules() {
  $('rules-button').addEventListener('click', () => { openRules(!rulesOpen()); updateUrl(false); });
  $('rules-close').addEventListener('click', () => {
    openRules(false);
    updateUrl(false);
    $('rules-button').focus();
  });
}

// ---- the keyboard ----

// The point nearest the cursor in the direction of an arrow, drawn as it is
// on the screen (a flipped board turns the arrows' meaning with it).
function moveCursor(dx, dy) {
  const text = state.editing ? editText() : state.positions[state.at];
  const layout = layoutOf(text);
  const names = layout.names;
  if (!state.cursor || !names.includes(state.cursor)) {
    state.cursor = names[Math.floor(names.length / 2)];
    return;
  }
  const from = centreOf(state.cursor, layout);
  let best = null, bestScore = Infinity;
  for (const name of names) {
    const p = centreOf(name, layout);
    const along = (p.x - from.x) * dx + (p.y - from.y) * dy;
    if (along <= 1) continue;
    const across = Math.abs((p.x - from.x) * dy - (p.y - from.y) * dx);
    const score = along + 2 * across;
    if (score < bestScore) {
      bestScore = score;
      best = name;
    }
  }
  if (best) state.cursor = best;
}

function onBoardKey(event) {
  const arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  if (arrows[event.key] && !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey) {
    moveCursor(...arrows[event.key]);
    drawBoard();
    event.preventDefault();
    event.stopPropagation();
  } else if (event.key === 'Enter' || event.key === ' ') {
    if (!state.cursor) moveCursor(0, 0);
    else clickPoint(state.cursor);
    drawBoard();
    event.preventDefault();
    event.stopPropagation();
  }
}

function onKey(event) {
  const t = event.target;
  if (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA' || event.ctrlKey || event.metaKey || event.altKey) return;
  const onBoard = t === $('board');
  const click = (id) => { if (!$(id).disabled) $(id).click(); event.preventDefault(); };
  if (event.key === ',' || (event.key === 'ArrowLeft' && !onBoard)) click('back');
  else if (event.key === '.' || (event.key === 'ArrowRight' && !onBoard)) click('forward');
  else if (event.key === 'Home') click('start');
  else if (event.key === 'End') click('end');
  else if (event.key === 'f') click('flip');
  else if (event.key === 'm') click('best');
  else if (event.key === 'Escape') {
    state.selected = null;
    state.pending = null;
    render();
  }
}

// ---- start-up ----

function wire() {
  const board = $('board');
  board.addEventListener('click', onBoardClick);
  board.addEventListener('keydown', onBoardKey);
  board.addEventListener('focus', drawCursor);
  board.addEventListener('blur', drawCursor);
  document.addEventListener('keydown', onKey);
  window.addEventListener('popstate', onPopState);
  wireRules();
  $('game').addEventListener('change', () => openGame($('game').value, 'default', '', [], null, true));
  $('variant').addEventListener('change', () => openGame(state.game, $('variant').value, '', [], null, true));
  $('back').addEventListener('click', () => goTo(state.at - 1, true));
  $('forward').addEventListener('click', () => goTo(state.at + 1, true));
  $('start').addEventListener('click', () => goTo(0, true));
  $('end').addEventListener('click', () => goTo(state.moves.length, true));
  $('flip').addEventListener('click', () => { state.flipped = !state.flipped; drawBoard(); });
  $('best').addEventListener('click', () => {
    if (state.result && state.result.moves.length) userMove(computerChoiceAtFull(state.result));
  });
  $('perfect').addEventListener('click', playPerfectLine);
  $('cancel').addEventListener('click', cancelSearch);
  $('new-game').addEventListener('click', () => openGame(state.game, state.variant, state.info.start, [], null, true));
  $('strength').addEventListener('change', () => { state.strength = Number($('strength').value); updateUrl(false); });
  $('hide').addEventListener('change', () => { state.hide = $('hide').checked; updateUrl(false); render(); });
  $('rule').addEventListener('change', () => {
    state.rule = $('rule').checked;
    updateUrl(false);
    goTo(state.at);  // asked again with the history, or without it
  });
  $('record-form').addEventListener('submit', (event) => {
    event.preventDefault();
    $('record-text').blur();
    importRecord($('record-text').value.trim());
  });
  $('export').addEventListener('click', () => {
    const input = $('record-text');
    input.value = recordText();
    input.focus();
    input.select();
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(input.value).catch(() => {});
  });
  $('editor-box').addEventListener('toggle', () => {
    if ($('editor-box').open && !state.editing) enterEditor();
    else if (!$('editor-box').open && state.editing) { leaveEditor(); updateUrl(false); render(); }
  });
  $('edit-side').addEventListener('change', () => { state.edit.side = $('edit-side').value; editChanged(); });
  $('edit-clear').addEventListener('click', () => { state.edit.chars = state.edit.chars.map(() => '.'); editChanged(); });
  $('edit-reset').addEventListener('click', () => editFrom(state.positions[state.at]));
  $('edit-done').addEventListener('click', () => {
    const text = editText();
    leaveEditor();
    openGame(state.game, state.variant, text, [], null, true);
  });
  $('position-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const text = $('position').value.trim();
    $('position').blur();
    if (state.editing) leaveEditor();
    openGame(state.game, state.variant, text, [], null, true);
  });
}

// The best move itself, whatever the strength: what "best move" plays.
function computerChoiceAtFull(r) {
  const strength = state.strength;
  state.strength = 100;
  try {
    return computerChoice(r);
  } finally {
    state.strength = strength;
  }
}

async function main() {
  wire();
  try {
    state.games = (await api('/api/games')).games;
  } catch (error) {
    showError({ message: error.message });  // no game to ask again for: reloading the page is the retry
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
  if (params.has('seed')) state.rng = seededRandom(Number(params.get('seed')));
  state.strength = params.has('strength') ? Math.max(0, Math.min(100, Number(params.get('strength')) || 0)) : 100;
  state.hide = params.get('hide') === '1';
  state.rule = params.get('rule') !== '0';
  if (params.get('rules') === '1') openRules(true);  // shown once the game is known
  const computer = params.get('computer') || '';
  for (const letter of computer) state.players[letter] = 'computer';
  let moves = (params.get('moves') || '').split(/\s+/).filter(Boolean), variations = [];
  if (params.has('line')) {
    // The moves with their variations (explorer_variations.js); a line that
    // is not read leaves the moves alone.
    try {
      ({ moves, variations } = parseMovesText(params.get('line')));
    } catch (error) {
      variations = [];
    }
  }
  const at = params.has('at') ? Number(params.get('at')) : null;
  // "position" is what links made before the record was in the URL.
  const start = params.get('start') || params.get('position') || '';
  await openGame(params.get('game') || '', params.get('variant') || 'default', start, moves, at, false, variations);
  if (params.get('edit') === '1') $('editor-box').open = true;  // the editor, open at the position shown
}

main();
