// The explorer's statistics panel: for a tier of the game shown (the tier of
// the position on the board unless another is picked), WIN, LOSS and DRAW
// with their shares, of positions and of classes under symmetry, a histogram
// of the distances of wins and losses, and the longest win and loss as links
// that open their positions on the board: the figures of `rtb stats --json`,
// asked of /api/tiers and /api/stats. It is counted only while the panel is
// open, and hidden while the page hides values. Loaded after explorer.js,
// whose state, api() and openGame() it uses; render() calls drawStats().
'use strict';

const stats = {
  key: '',           // game and variant the panel shows
  position: null,    // the position whose tier was asked
  positionTier: '',  // its tier (/api/tiers' position_tier)
  picked: '',        // the tier picked in the list; '' follows the position
  tiers: [],         // /api/tiers' list
  rows: new Map(),   // tier -> /api/stats' answer
  shown: '',         // the tier whose figures are drawn
  // Numbers of the latest requests, so that a superseded answer is dropped.
  tiersAsked: 0,
  rowAsked: 0,
};

const HISTOGRAM = { width: 520, height: 190, left: 46, right: 8, top: 10, bottom: 24 };

function statsParams(more) {
  return Object.assign({ game: state.game, variant: state.variant }, more);
}

function drawStats() {
  const box = $('stats-box');
  box.hidden = valuesHidden();
  if (box.hidden || !box.open || !state.game) return;
  const key = state.game + '\n' + state.variant;
  if (stats.key !== key) {
    Object.assign(stats, { key: key, position: null, positionTier: '', picked: '', tiers: [], rows: new Map(), shown: '' });
    drawStatsFigures(null);
  }
  const position = state.positions[state.at];
  if (position && position !== stats.position) {
    stats.position = position;
    askTiers(position);
  }
}

async function askTiers(position) {
  const asked = ++stats.tiersAsked;
  setStatsNote('listing the tiers...');
  let answer;
  try {
    answer = await api('/api/tiers', statsParams({ position: position }));
  } catch (error) {
    if (asked === stats.tiersAsked) setStatsNote(error.message, error.generate);
    return;
  }
  if (asked !== stats.tiersAsked) return;
  stats.tiers = answer.tiers;
  stats.positionTier = answer.position_tier || '';
  fillTierList();
  showTier(stats.picked || stats.positionTier);
}

function fillTierList() {
  const list = $('stats-tier');
  const options = [new Option(stats.positionTier ? "the position's: " + stats.positionTier : 'no tiers', '')];
  for (const t of stats.tiers) options.push(new Option(t.tier + (t.present ? '' : ' (not generated)'), t.tier));
  list.replaceChildren(...options);
  list.value = stats.picked;
  list.disabled = stats.tiers.length === 0;
}

async function showTier(tier) {
  if (!tier) {
    ++stats.rowAsked;
    drawStatsFigures(null);
    setStatsNote(state.info && state.info.tablebases.tiers === 0 ? 'this variant has no tablebases: its positions are searched' : '');
    return;
  }
  const kept = stats.rows.get(tier);
  if (kept) {
    ++stats.rowAsked;  // an answer still awaited for another tier is not wanted now
    drawStatsFigures(kept);
    setStatsNote('');
    return;
  }
  const asked = ++stats.rowAsked;
  setStatsNote('counting tier ' + tier + '...');
  let row;
  try {
    row = await api('/api/stats', statsParams({ tier: tier }));
  } catch (error) {
    if (asked !== stats.rowAsked) return;
    drawStatsFigures(null);
    setStatsNote(error.message, error.generate);
    return;
  }
  if (asked !== stats.rowAsked) return;
  stats.rows.set(tier, row);
  drawStatsFigures(row);
  setStatsNote('');
}

// A message in the panel; with the command that makes a missing file.
function setStatsNote(text, generate) {
  const note = $('stats-note');
  note.replaceChildren(generate ? text.replace(/;? *generate (it|them) with:.*$/s, '') : text);
  if (generate) {
    const code = document.createElement('code');
    code.textContent = generate;
    note.append(document.createElement('br'), 'generate it with: ', code);
  }
}

function percent(part, whole) {
  return whole ? (100 * part / whole).toFixed(1) + '%' : '-';
}

function drawStatsFigures(row) {
  stats.shown = row ? row.tier : '';
  $('stats-figures').hidden = !row;
  if (!row) return;
  $('stats-title').textContent = 'tier ' + row.tier;
  const positions = row.win + row.loss + row.draw;
  const classes = row.classes.win + row.classes.loss + row.classes.draw;
  const body = $('stats-table').tBodies[0];
  body.replaceChildren();
  for (const outcome of ['win', 'loss', 'draw']) {
    const tr = body.insertRow();
    tr.className = 'stats-' + outcome;
    tr.insertCell().textContent = outcome;
    const cell = (count, whole, kind) => {
      const td = tr.insertCell();
      td.textContent = count.toLocaleString('en-US');
      td.dataset.outcome = outcome;
      td.dataset.kind = kind;
      td.dataset.count = count;
      tr.insertCell().textContent = percent(count, whole);
    };
    cell(row[outcome], positions, 'positions');
    cell(row.classes[outcome], classes, 'classes');
  }
  drawLongest('win', row.longest_win);
  drawLongest('loss', row.longest_loss);
  drawHistogram(row.distances);
}

// "longest win: WIN in 29" as a link that opens the position on the board.
function drawLongest(outcome, longest) {
  const line = $('stats-longest-' + outcome);
  line.replaceChildren('longest ' + outcome + ': ');
  if (!longest) {
    line.append('none');
    return;
  }
  const link = document.createElement('a');
  link.id = 'stats-longest-' + outcome + '-link';
  link.href = '?' + new URLSearchParams(statsParams({ start: longest.position }));
  link.textContent = outcome.toUpperCase() + ' in ' + longest.plies;
  link.title = 'open ' + longest.position;
  link.dataset.position = longest.position;
  link.addEventListener('click', (event) => {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;  // a new tab opens the link
    event.preventDefault();
    openGame(state.game, state.variant, longest.position, [], null, true);
  });
  const code = document.createElement('code');
  code.textContent = longest.position;
  line.append(link, ' ', code);
}

// Wins above the axis and losses below it, a bar a distance in plies, the
// height its share of the tallest bar.
function drawHistogram(distances) {
  const svg = $('stats-histogram');
  const H = HISTOGRAM;
  svg.setAttribute('viewBox', `0 0 ${H.width} ${H.height}`);
  svg.replaceChildren();
  const bars = [...distances.win.map((d) => ['win', d]), ...distances.loss.map((d) => ['loss', d])];
  const most = Math.max(1, ...bars.map(([, d]) => d.positions));
  const longest = Math.max(1, ...bars.map(([, d]) => d.plies));
  const plotWidth = H.width - H.left - H.right;
  const half = (H.height - H.top - H.bottom) / 2;
  const axis = H.top + half;
  const step = plotWidth / (longest + 1);
  el('line', { class: 'chart-axis', x1: H.left, x2: H.width - H.right, y1: axis, y2: axis }, svg);
  const label = (text, x, y, anchor) => {
    const t = el('text', { class: 'chart-tick', x: x, y: y, 'text-anchor': anchor || 'middle' }, svg);
    t.textContent = text;
  };
  label(most.toLocaleString('en-US'), H.left - 4, H.top + 9, 'end');
  label('win', H.left - 4, axis - 6, 'end');
  label('loss', H.left - 4, axis + 16, 'end');
  label(most.toLocaleString('en-US'), H.left - 4, H.height - H.bottom, 'end');
  for (const [outcome, d] of bars) {
    const height = Math.max(1, half * d.positions / most);
    const bar = el('rect', {
      class: 'stats-bar ' + outcome,
      x: H.left + d.plies * step + step * 0.1,
      y: outcome === 'win' ? axis - height : axis,
      width: Math.max(1, step * 0.8),
      height: height,
      'data-outcome': outcome,
      'data-plies': d.plies,
      'data-positions': d.positions,
      'data-classes': d.classes,
    }, svg);
    const title = el('title', {}, bar);
    title.textContent = `${outcome.toUpperCase()} in ${d.plies}: ${d.positions.toLocaleString('en-US')} positions ` +
      `(${d.classes.toLocaleString('en-US')} classes)`;
  }
  // Distances along the bottom: 0, the longest, and a few between.
  const ticks = Math.min(longest, 6);
  for (let k = 0; k <= ticks; ++k) {
    const plies = Math.round(longest * k / ticks);
    label(String(plies), H.left + (plies + 0.5) * step, H.height - 6);
  }
  $('stats-histogram-note').textContent =
    'plies to the end (x) and positions (height): wins above the line, losses below';
}

function wireStats() {
  // Open in a link's URL (stats=1) as the page shows it.
  if (new URLSearchParams(location.search).get('stats') === '1') $('stats-box').open = true;
  $('stats-box').addEventListener('toggle', () => {
    if (state.info) updateUrl(false);
    drawStats();
  });
  $('stats-tier').addEventListener('change', () => {
    stats.picked = $('stats-tier').value;
    showTier(stats.picked || stats.positionTier);
  });
}

wireStats();
