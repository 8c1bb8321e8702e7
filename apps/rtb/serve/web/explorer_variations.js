// The game record's variations, as `rtb play` keeps them
// (apps/rtb/play/record_variations.hpp): going back and playing another move
// than the one played there keeps the old moves as a variation instead of
// dropping them (as lichess does); a variation is taken up again by playing
// its first move or by clicking it under the record, and the moves it
// replaces become a variation in its place. A variation is
// {at, moves, variations}: moves played instead of the move at index `at` of
// the line it hangs on, with variations of its own. The one-line record
// writes each in parentheses after the move it replaces, as PGN does:
// "a2b2 d3c3 (d3d2 c1c2 (c1b1)) b2b3". Loaded after explorer.js, whose state
// (state.moves, state.variations) and openGame() it uses; drawRecord() calls
// drawVariations().
'use strict';

function byBranchPoint(variations) {
  return variations.sort((a, b) => a.at - b.at);  // Array.prototype.sort is stable
}

// The moves of `line` from `at` on, with the variations hanging on them,
// become a variation at `at`; the line ends before `at`.
function branchOff(line, at) {
  if (at >= line.moves.length) return;
  const tail = { at, moves: line.moves.slice(at), variations: [] };
  const kept = [];
  for (const v of line.variations) {
    if (v.at > at) tail.variations.push({ ...v, at: v.at - at });
    else kept.push(v);
  }
  kept.push(tail);
  line.variations = byBranchPoint(kept);
  line.moves = line.moves.slice(0, at);
}

// line.variations[index] becomes the line from its `at` on, the line from
// there a variation; returns that `at`.
function takeUp(line, index) {
  const chosen = line.variations[index];
  line.variations = line.variations.filter((_, i) => i !== index);
  branchOff(line, chosen.at);
  line.moves = line.moves.concat(chosen.moves);
  line.variations = byBranchPoint(line.variations.concat(chosen.variations.map((v) => ({ ...v, at: v.at + chosen.at }))));
  return chosen.at;
}

function variationStarting(line, at, move) {
  return line.variations.findIndex((v) => v.at === at && v.moves[0] === move);
}

// "a2b2 d3c3 (d3d2 c1c2) b2b3": the moves field of a record.
function movesText(moves, variations) {
  const words = [];
  moves.forEach((m, i) => {
    words.push(m);
    for (const v of variations) if (v.at === i) words.push('(' + movesText(v.moves, v.variations) + ')');
  });
  return words.join(' ');
}

// The moves field of a record read back: {moves, variations}. Moves are
// separated by blanks; a word with commas (older exports and links
// separated moves by commas, and a seed Crossings move holds them) is taken
// apart when it is played (openGame). Throws an Error saying what is wrong
// with the parentheses.
function parseMovesText(text) {
  const tokens = text.match(/[()]|[^\s()]+/g) || [];
  let k = 0;
  const readLine = (depth) => {
    const line = { moves: [], variations: [] };
    for (; k < tokens.length; ++k) {
      const t = tokens[k];
      if (t === '(') {
        if (!line.moves.length) throw new Error('a variation "(...)" follows the move it replaces: no move comes before it');
        ++k;
        const inner = readLine(depth + 1);
        if (!inner.moves.length) throw new Error('a variation "()" holds no move');
        line.variations.push({ at: line.moves.length - 1, moves: inner.moves, variations: inner.variations });
      } else if (t === ')') {
        if (depth === 0) throw new Error('a \')\' closes no variation');
        return line;
      } else {
        line.moves.push(t);
      }
    }
    if (depth > 0) throw new Error('a variation "(" is not closed by its \')\'');
    return line;
  };
  return readLine(0);
}

function countVariations(variations) {
  return variations.reduce((n, v) => n + 1 + countVariations(v.variations), 0);
}

// The line and the variations as they are, for taking them apart.
function currentLine() {
  return { moves: state.moves.slice(), variations: state.variations };
}

// Opens the record again with `line` as its moves, at `ply`: the positions
// of the moves that changed are looked up as a loaded record's are.
function openLine(line, ply) {
  return openGame(state.game, state.variant, state.start, line.moves, ply, true, line.variations);
}

// Called before `move` is played at state.at: keeps the moves played there
// before. Returns true where it has opened the line itself (a variation
// taken up), false where the caller plays the move.
function keepOldMovesBefore(move) {
  if (state.at >= state.moves.length) return false;
  if (state.moves[state.at] === move) return false;
  const line = currentLine();
  const index = variationStarting(line, state.at, move);
  if (index >= 0) {
    openLine(line, takeUp(line, index) + 1);
    return true;
  }
  branchOff(line, state.at);
  state.variations = line.variations;
  return false;
}

function drawVariations() {
  const box = $('variations');
  box.replaceChildren();
  $('variations-title').hidden = state.variations.length === 0;
  state.variations.forEach((v, index) => {
    const li = document.createElement('li');
    li.dataset.variation = index + 1;
    const button = document.createElement('button');
    button.type = 'button';
    const inside = countVariations(v.variations);
    const shown = v.moves.slice(0, 6).join(' ') + (v.moves.length > 6 ? ' …' : '');
    button.textContent = 'move ' + (v.at + 1) + ': ' + shown + (v.at < state.moves.length ? ' instead of ' + state.moves[v.at] : '');
    button.title = v.moves.length + (v.moves.length === 1 ? ' move' : ' moves') +
      (inside ? ', ' + inside + (inside === 1 ? ' variation' : ' variations') + ' inside' : '') +
      ': click to make it the game\'s line';
    button.addEventListener('click', () => {
      if (state.running || state.editing) return;
      stopComputer();
      const line = currentLine();
      openLine(line, takeUp(line, index) + 1);
    });
    li.appendChild(button);
    box.appendChild(li);
  });
}
