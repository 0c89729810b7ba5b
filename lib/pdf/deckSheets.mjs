// @ts-check
/**
 * Deck-check PDFs (issue #17 "Decklists out"): plain values in, PDF bytes out. Pure apart from
 * reading the two font files from node_modules; no database, no clock (the document's creation
 * date is fixed so equal input gives equal bytes). Plain JavaScript so the worker thread
 * (lib/server/pdf/pdfWorker.mjs) can import it without the bundler; types in deckSheets.d.mts.
 *
 * Pages, per team, A first (RULES.md §2.6 decklists per duelist):
 * - YGO (Tag Duel): the Tag team registration form, then Konami's deck list form per duelist —
 *   name, Player ID, event, date, last-name initial box; Main split into Monster/Spell/Trap with
 *   per-group totals and the Main total; Side; Extra; a judge-use box.
 * - MTG (Two-Headed Giant): the 2HG team registration form, then an MTG deck registration sheet
 *   per player (Main with total, sideboard with total, judge-use box).
 * A long list continues on an extra page of the same form ("continued").
 *
 * Fonts: Noto Sans JP (Latin, Greek, Cyrillic, kana, CJK) and Noto Sans Arabic for Arabic-script
 * runs, both embedded as subsets (pdfkit/fontkit subset every font on embed). Text is split into
 * runs by script; Arabic runs are shaped and set right-to-left by fontkit.
 */
import PDFDocument from "pdfkit";
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";

const require = createRequire(import.meta.url);
/** @type {Record<string, Buffer> | null} */
let fontBytes = null;
function fonts() {
  fontBytes ??= {
    body: readFileSync(require.resolve("@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf")),
    bold: readFileSync(require.resolve("@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf")),
    arabic: readFileSync(require.resolve("@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf")),
  };
  return fontBytes;
}

/** Arabic-script code points (Arabic, Supplement, Extended-A, Presentation Forms A/B). */
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
const AR = "\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF";
/** Splits text into Arabic-script runs (words joined by spaces or harakat stay one run) and the rest. */
const ARABIC_RUNS = new RegExp(`([${AR}]+(?:[\\s\u064B-\u065F]+[${AR}]+)*)`);

/** Letter size (Konami's forms are US Letter), points. */
const PAGE = { width: 612, height: 792, margin: 30 };
const INK = "#111111";
const RULE = "#555555";
const SHADE = "#e8e8e8";

/**
 * Draws `s` at (x, y) within `width` points in `size` pt, switching font per script run; cut with
 * "…" when too wide. Returns nothing; never throws on any string.
 * @param {PDFKit.PDFDocument} doc
 * @param {string} s
 * @param {number} x
 * @param {number} y
 * @param {{ width: number; size?: number; bold?: boolean; align?: "left" | "center" | "right" }} o
 */
function put(doc, s, x, y, o) {
  const size = o.size ?? 9;
  const base = o.bold ? "bold" : "body";
  const text = String(s ?? "").replace(/[\u0000-\u001F\u007F]/g, " ");
  if (!ARABIC.test(text)) {
    doc.font(base).fontSize(size);
    doc.text(text, x, y, { width: o.width, height: size * 1.4, lineBreak: false, ellipsis: true, align: o.align ?? "left" });
    return;
  }
  const runs = text.split(ARABIC_RUNS).filter((r) => r !== "");
  const widths = runs.map((r) =>
    doc
      .font(ARABIC.test(r) ? "arabic" : base)
      .fontSize(size)
      .widthOfString(r),
  );
  const total = widths.reduce((a, b) => a + b, 0);
  let cx = o.align === "center" ? x + Math.max(0, (o.width - total) / 2) : o.align === "right" ? x + Math.max(0, o.width - total) : x;
  for (let i = 0; i < runs.length; i++) {
    const left = x + o.width - cx;
    if (left <= 0) break;
    doc.font(ARABIC.test(runs[i]) ? "arabic" : base).fontSize(size);
    doc.text(runs[i], cx, y, { width: left, height: size * 1.4, lineBreak: false, ellipsis: true });
    cx += widths[i];
  }
}

/**
 * A labelled box: small caption above, value inside.
 * @param {PDFKit.PDFDocument} doc
 */
function field(doc, label, value, x, y, w, h = 26) {
  doc.lineWidth(0.6).strokeColor(RULE).rect(x, y, w, h).stroke();
  put(doc, label, x + 3, y + 2, { width: w - 6, size: 6.5 });
  put(doc, value ?? "", x + 3, y + 11, { width: w - 6, size: 10 });
}

/** Last-name initial (RULES §2.6 deck list form): first letter of the last word of the name, upper-cased. */
export function lastNameInitial(name) {
  const words = String(name ?? "")
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const last = words.at(-1) ?? "";
  const first = [...last][0] ?? "";
  return first.toLocaleUpperCase("en");
}

/** Sum of copies. @param {{ count: number }[]} cards */
const copies = (cards) => cards.reduce((a, c) => a + c.count, 0);

/**
 * One column of card rows with its title bar and total line. Draws `rows` rows; returns the cards
 * that did not fit (for a continuation page).
 * @param {PDFKit.PDFDocument} doc
 * @param {string} title
 * @param {{ name: string; count: number }[]} cards
 * @param {string} totalLabel
 * @param {number} total
 */
function column(doc, title, cards, totalLabel, total, x, y, w, rows, rowH = 13) {
  doc.rect(x, y, w, 15).fillColor(SHADE).fill().fillColor(INK);
  put(doc, title, x + 4, y + 2.5, { width: w - 8, size: 8.5, bold: true });
  let cy = y + 15;
  doc.lineWidth(0.4).strokeColor(RULE);
  for (let i = 0; i < rows; i++) {
    const c = cards[i];
    doc.rect(x, cy, 22, rowH).stroke();
    doc.rect(x + 22, cy, w - 22, rowH).stroke();
    if (c) {
      put(doc, String(c.count), x, cy + 2.5, { width: 22, size: 8, align: "center" });
      put(doc, c.name, x + 25, cy + 2.5, { width: w - 28, size: 8 });
    }
    cy += rowH;
  }
  doc.rect(x, cy, w, 15).fillColor(SHADE).fill().fillColor(INK);
  put(doc, `${totalLabel}: ${total}`, x + 4, cy + 2.5, { width: w - 8, size: 8.5, bold: true, align: "right" });
  return cards.slice(rows);
}

/** Judge-use box (deck check result, penalty, judge initials). @param {PDFKit.PDFDocument} doc */
function judgeBox(doc, L, x, y, w, h) {
  doc.lineWidth(1).strokeColor(INK).rect(x, y, w, h).stroke();
  doc.rect(x, y, w, 15).fillColor(INK).fill().fillColor("#ffffff");
  doc
    .font("bold")
    .fontSize(8.5)
    .text(L.judgeUse, x + 4, y + 2.5, { width: w - 8, lineBreak: false });
  doc.fillColor(INK);
  const lines = [L.deckCheckRound, L.result, L.penalty, L.judgeInitials];
  const step = (h - 15) / lines.length;
  lines.forEach((label, i) => {
    const ly = y + 15 + i * step;
    put(doc, label, x + 4, ly + 2, { width: w - 8, size: 7.5 });
    doc
      .lineWidth(0.4)
      .strokeColor(RULE)
      .moveTo(x + 4, ly + step - 2)
      .lineTo(x + w - 4, ly + step - 2)
      .stroke();
  });
}

/** @param {PDFKit.PDFDocument} doc */
function header(doc, title, subtitle, initial, L) {
  const { margin, width } = PAGE;
  put(doc, title, margin, margin, { width: width - 2 * margin - 60, size: 15, bold: true });
  put(doc, subtitle, margin, margin + 20, { width: width - 2 * margin - 60, size: 9 });
  if (initial !== null) {
    const bx = width - margin - 52;
    doc.lineWidth(1.2).strokeColor(INK).rect(bx, margin, 52, 40).stroke();
    put(doc, L.lastInitial, bx + 2, margin + 2, { width: 48, size: 6, align: "center" });
    put(doc, initial, bx, margin + 13, { width: 52, size: 18, bold: true, align: "center" });
  }
}

/** @param {PDFKit.PDFDocument} doc */
function personFields(doc, L, event, team, d, y) {
  const { margin, width } = PAGE;
  const w = width - 2 * margin;
  field(doc, L.name, d.name, margin, y, w * 0.42);
  field(doc, L.playerId, d.playerId ?? "", margin + w * 0.42, y, w * 0.22);
  field(doc, L.teamSeat, `${team.name} · ${d.designation}`, margin + w * 0.64, y, w * 0.36);
  field(doc, L.event, event.name, margin, y + 26, w * 0.64);
  field(doc, L.date, event.date ?? "", margin + w * 0.64, y + 26, w * 0.36);
}

const teamLine = (L, team) => `${L.team} ${team.number} · ${team.name}`;

/**
 * Konami's deck list form for one Yu-Gi-Oh! duelist (one page, more when a group overflows).
 * @param {PDFKit.PDFDocument} doc
 */
function ygoSheet(doc, L, event, team, d) {
  const { margin, width } = PAGE;
  const w = width - 2 * margin;
  const gap = 8;
  const colW = (w - 2 * gap) / 3;
  const main = copies(d.monster) + copies(d.spell) + copies(d.trap);
  let monster = d.monster;
  let spell = d.spell;
  let trap = d.trap;
  let extra = d.extra;
  let side = d.side;
  let first = true;
  do {
    if (!first) doc.addPage();
    header(doc, first ? L.deckListTitle : `${L.deckListTitle} (${L.continued})`, teamLine(L, team), lastNameInitial(d.name), L);
    personFields(doc, L, event, team, d, margin + 46);
    let y = margin + 46 + 52 + 10;
    const mainRows = 25;
    monster = column(doc, L.monster, monster, L.totalMonster, copies(d.monster), margin, y, colW, mainRows);
    spell = column(doc, L.spell, spell, L.totalSpell, copies(d.spell), margin + colW + gap, y, colW, mainRows);
    trap = column(doc, L.trap, trap, L.totalTrap, copies(d.trap), margin + 2 * (colW + gap), y, colW, mainRows);
    y += 15 + mainRows * 13 + 15 + 4;
    doc
      .lineWidth(1.2)
      .strokeColor(INK)
      .rect(margin + 2 * (colW + gap), y, colW, 20)
      .stroke();
    put(doc, `${L.mainTotal}: ${main}`, margin + 2 * (colW + gap) + 4, y + 4, { width: colW - 8, size: 10, bold: true, align: "right" });
    y += 28;
    const lowRows = 15;
    side = column(doc, L.side, side, L.totalSide, copies(d.side), margin, y, colW, lowRows);
    extra = column(doc, L.extra, extra, L.totalExtra, copies(d.extra), margin + colW + gap, y, colW, lowRows);
    judgeBox(doc, L, margin + 2 * (colW + gap), y, colW, 15 + lowRows * 13 + 15);
    first = false;
  } while (monster.length || spell.length || trap.length || extra.length || side.length);
}

/**
 * MTG deck registration sheet for one Two-Headed Giant player.
 * @param {PDFKit.PDFDocument} doc
 */
function mtgSheet(doc, L, event, team, d) {
  const { margin, width } = PAGE;
  const w = width - 2 * margin;
  const gap = 8;
  const colW = (w - gap) / 2;
  let left = d.main;
  let side = d.side;
  let first = true;
  do {
    if (!first) doc.addPage();
    header(doc, first ? L.mtgTitle : `${L.mtgTitle} (${L.continued})`, teamLine(L, team), lastNameInitial(d.name), L);
    personFields(doc, L, event, team, d, margin + 46);
    const y = margin + 46 + 52 + 10;
    const rows = 38;
    const more = 22;
    column(doc, L.mainDeck, left.slice(0, rows), L.subtotal, copies(left.slice(0, rows)), margin, y, colW, rows);
    column(
      doc,
      `${L.mainDeck} (${L.continued})`,
      left.slice(rows, rows + more),
      L.mainTotal,
      copies(d.main),
      margin + colW + gap,
      y,
      colW,
      more,
    );
    left = left.slice(rows + more);
    side = column(doc, L.sideboard, side, L.totalSide, copies(d.side), margin + colW + gap, y + 15 + more * 13 + 15 + 6, colW, 15);
    judgeBox(doc, L, margin, y + 15 + rows * 13 + 15 + 8, colW, 92);
    first = false;
  } while (left.length || side.length);
}

/**
 * The team registration form (Tag Duel or 2HG): team, then A and B (A first), signatures.
 * @param {PDFKit.PDFDocument} doc
 */
function teamForm(doc, L, event, team, game) {
  const { margin, width } = PAGE;
  const w = width - 2 * margin;
  header(doc, game === "MTG" ? L.teamFormMtg : L.teamFormYgo, teamLine(L, team), null, L);
  let y = margin + 50;
  field(doc, L.event, event.name, margin, y, w * 0.64, 30);
  field(doc, L.date, event.date ?? "", margin + w * 0.64, y, w * 0.36, 30);
  y += 30;
  field(doc, L.location, event.location ?? "", margin, y, w * 0.64, 30);
  field(doc, L.teamName, team.name, margin + w * 0.64, y, w * 0.36, 30);
  y += 46;
  for (const d of [...team.duelists].sort((a, b) => (a.designation < b.designation ? -1 : 1))) {
    doc.rect(margin, y, w, 16).fillColor(SHADE).fill().fillColor(INK);
    put(doc, `${game === "MTG" ? L.player : L.duelist} ${d.designation}`, margin + 4, y + 3, { width: w - 8, size: 9, bold: true });
    y += 16;
    field(doc, L.name, d.name, margin, y, w * 0.5, 30);
    field(doc, L.playerId, d.playerId ?? "", margin + w * 0.5, y, w * 0.25, 30);
    field(doc, L.lastInitial, lastNameInitial(d.name), margin + w * 0.75, y, w * 0.25, 30);
    y += 30;
    field(doc, L.signature, "", margin, y, w, 34);
    y += 50;
  }
  judgeBox(doc, L, margin + w * 0.5, y, w * 0.5, 95);
}

/** English form labels (Konami's and the MTG sheet are English forms); callers may override. */
export const DEFAULT_LABELS = {
  deckListTitle: "Deck List",
  mtgTitle: "Deck Registration Sheet",
  teamFormYgo: "Tag Team Registration Form",
  teamFormMtg: "Two-Headed Giant Team Registration",
  continued: "continued",
  team: "Team",
  teamName: "Team name",
  teamSeat: "Team · seat",
  duelist: "Duelist",
  player: "Player",
  name: "Name",
  playerId: "Player ID",
  event: "Event",
  date: "Date",
  location: "Location",
  lastInitial: "Last name initial",
  signature: "Signature",
  monster: "Monster Cards",
  spell: "Spell Cards",
  trap: "Trap Cards",
  totalMonster: "Total Monster Cards",
  totalSpell: "Total Spell Cards",
  totalTrap: "Total Trap Cards",
  mainTotal: "Main Deck Total",
  subtotal: "Subtotal",
  side: "Side Deck",
  extra: "Extra Deck",
  totalSide: "Side Deck Total",
  totalExtra: "Extra Deck Total",
  mainDeck: "Main Deck",
  sideboard: "Sideboard",
  judgeUse: "For judge use only",
  deckCheckRound: "Deck check (round)",
  result: "Result",
  penalty: "Penalty",
  judgeInitials: "Judge initials",
  missing: "No decklist submitted",
};

/**
 * Builds the deck-check PDF of `teams` (in the given order), see the module header.
 * @param {import("./deckSheets.d.mts").DeckSheetsInput} input
 * @returns {Promise<Buffer>}
 */
export function buildDeckSheets(input) {
  const L = { ...DEFAULT_LABELS, ...(input.labels ?? {}) };
  const f = fonts();
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    // Pages have no pdfkit margins: every item is placed explicitly, so text near the bottom
    // never makes pdfkit start a page of its own.
    margin: 0,
    autoFirstPage: false,
    compress: true,
    info: { Title: `${input.event.name} — deck lists`, Producer: "Tandem", Creator: "Tandem", CreationDate: new Date(0) },
  });
  doc.registerFont("body", f.body);
  doc.registerFont("bold", f.bold);
  doc.registerFont("arabic", f.arabic);
  /** @type {Buffer[]} */
  const chunks = [];
  const done = new Promise((resolve, reject) => {
    doc.on("data", (c) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  for (const team of input.teams) {
    if (input.teamForms !== false) {
      doc.addPage();
      teamForm(doc, L, input.event, team, input.game);
    }
    for (const d of [...team.duelists].sort((a, b) => (a.designation < b.designation ? -1 : 1))) {
      doc.addPage();
      if (d.list === null) {
        header(doc, input.game === "MTG" ? L.mtgTitle : L.deckListTitle, teamLine(L, team), lastNameInitial(d.name), L);
        personFields(doc, L, input.event, team, d, PAGE.margin + 46);
        put(doc, L.missing, PAGE.margin, PAGE.margin + 120, { width: PAGE.width - 2 * PAGE.margin, size: 12, bold: true });
      } else if (d.list.game === "YGO") ygoSheet(doc, L, input.event, team, { ...d, ...d.list });
      else mtgSheet(doc, L, input.event, team, { ...d, ...d.list });
    }
  }
  if (input.teams.length === 0) doc.addPage();
  doc.end();
  return /** @type {Promise<Buffer>} */ (done);
}
