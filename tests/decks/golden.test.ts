/**
 * Golden table over EVERY deck file in ../shared/data/decks/ (ydk/*.ydk, each URL of
 * ydk/ydke_urls.txt, mtg/*). Values were computed once by this module's parser + checker, then
 * CHECKED by hand against the files (section counts re-counted with awk over the raw lines; F&L
 * statuses looked up with grep in the list file, e.g. Maxx "C" 23434538 0, Heavy Storm 19613556 0,
 * Anti-Spell Fragrance 58921041 1; Birthing Pod ×4 / Deathrite Shaman ×3 in the GP Portland list)
 * and frozen here.
 *
 * Verdict rules (decided for this table):
 * - Yu-Gi-Oh!: KONAMI_STANDARD_1V1 deck rules (40–60 / 0–15 / 0–15, 3 copies) under the EDOPro
 *   "2026.05 TCG" list, card DB edopro_cards_merged_2026-08-22.cdb.
 * - MTG: MTG_2HG constructed deck rules from the preset (≥ 60, no sideboard, 4 copies, basic /
 *   any-number exemptions) with the Forge banned list of the deck's format when there is one in
 *   shared/data (Legacy, Modern, Pauper, Pioneer; GP Portland 2013 = Modern); Standard and the
 *   1998 World Championship deck have no list (null). Every deck with a sideboard is therefore
 *   SIDE_NOT_ALLOWED under 2HG (C18) — that is the expected 2HG verdict, not a parser issue.
 * Violation strings: `CODE:key×count` for card violations, `CODE×count` for size violations.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { CardIndex } from "../../lib/decks/cdb";
import { checkDuelist } from "../../lib/decks/legality";
import { parseForgeFormat, parseLflist } from "../../lib/decks/lflist";
import { parseDecklist } from "../../lib/decks/parse/detect";
import type { LegalityResult, MtgDeck, YgoBanlist, YgoDeck } from "../../lib/decks/types";
import { PRESETS } from "../../lib/formats/presets";
import { listDir, loadMergedCards, readText } from "./helpers";

type Row = [file: string, format: string, counts: [number, number, number], legal: boolean, violations: string[]];
type MtgRow = [...Row, forgeList: string | null];

// prettier-ignore
const YGO_GOLDEN: Row[] = [
  ["ydk/edopro_continuous_trap_rework_blanklines.ydk", "ydk", [53, 0, 0], false, ["FORBIDDEN:93016201x1","FORBIDDEN:80604091x1"]],
  ["ydk/edopro_mr4_processlayer_code_talker.ydk", "ydk", [40, 15, 2], false, [
    "UNKNOWN_CARD:100423006x1","UNKNOWN_CARD:100423001x2","UNKNOWN_CARD:100423002x2","UNKNOWN_CARD:100423003x2",
    "UNKNOWN_CARD:100423004x2","UNKNOWN_CARD:100423005x2","UNKNOWN_CARD:100423010x1","UNKNOWN_CARD:100423012x2",
    "UNKNOWN_CARD:100423008x1","UNKNOWN_CARD:100423007x2","UNKNOWN_CARD:100423009x1"
  ]],
  ["ydk/edopro_tactical_try_evil_twin.ydk", "ydk", [40, 10, 0], true, []],
  ["ydk/goat408_cosmic_shrink_crlf_bom.ydk", "ydk", [60, 0, 0], false, [
    "FORBIDDEN:19613556x1","FORBIDDEN:79571449x1","OVER_LIST_LIMIT:58921041x3","OVER_LIST_LIMIT:90846359x3"
  ]],
  ["ydk/goat408_starter_zombie.ydk", "ydk", [40, 0, 0], false, ["FORBIDDEN:19613556x1","FORBIDDEN:79571449x1"]],
  ["ydk/ignis_distribution_starter_link_strike.ydk", "ydk", [40, 3, 0], true, []],
  ["ydk/ignis_distribution_trickstars.ydk", "ydk", [40, 15, 0], false, ["OVER_LIST_LIMIT:94145021x3","OVER_LIST_LIMIT:41999284x3"]],
  ["ydk/jp_akita_championship_1st_lava.ydk", "ydk", [40, 15, 15], false, ["FORBIDDEN:19613556x1","FORBIDDEN:27174286x1"]],
  ["ydk/jp_cs_chushikoku_1st_lava.ydk", "ydk", [40, 15, 15], false, [
    "FORBIDDEN:19613556x1","OVER_LIST_LIMIT:75500286x3","FORBIDDEN:23434538x2"
  ]],
  ["ydk/md_2026_radiant_sky_striker.ydk", "ydk", [40, 14, 0], false, ["FORBIDDEN:23434538x1"]],
  ["ydk/ocg_202410_thunder_dragon.ydk", "ydk", [40, 15, 15], false, [
    "OVER_LIST_LIMIT:8633261x3","OVER_LIST_LIMIT:35844557x3","OVER_LIST_LIMIT:34022970x3","FORBIDDEN:23434538x2",
    "OVER_LIST_LIMIT:24224830x2","OVER_LIST_LIMIT:34909328x2","FORBIDDEN:21044178x1","FORBIDDEN:19613556x1","FORBIDDEN:83326048x2",
    "FORBIDDEN:23002292x1","OVER_LIST_LIMIT:41420027x3"
  ]],
  ["ydk/wcq_world_champion_2003.ydk", "ydk", [42, 0, 15], false, [
    "FORBIDDEN:78706415x1","UNKNOWN_CARD:511000818x1","FORBIDDEN:17375316x1","FORBIDDEN:19613556x1","FORBIDDEN:42829885x1",
    "FORBIDDEN:44763025x1","FORBIDDEN:55144522x1","FORBIDDEN:79571449x1","UNKNOWN_CARD:511000824x1","FORBIDDEN:61740673x1",
    "FORBIDDEN:74191942x1"
  ]],
  ["ydk/wcq_world_champion_2004.ydk", "ydk", [46, 15, 9], false, [
    "UNKNOWN_CARD:511000819x1","FORBIDDEN:34206604x1","UNKNOWN_CARD:511000818x1","FORBIDDEN:17375316x1","FORBIDDEN:19613556x1",
    "FORBIDDEN:42829885x1","FORBIDDEN:55144522x1","FORBIDDEN:79571449x1","UNKNOWN_CARD:511000825x1","EXTRA_MONSTER_IN_MAIN:94119480x1",
    "UNKNOWN_CARD:511000184x1","UNKNOWN_CARD:170000150x1","UNKNOWN_CARD:511000041x1"
  ]],
  ["ydk/wcq_world_champion_2005.ydk", "ydk", [40, 3, 0], false, [
    "UNKNOWN_CARD:511000818x1","FORBIDDEN:19613556x1","FORBIDDEN:44763025x1","OVER_LIST_LIMIT:46411259x2","FORBIDDEN:55144522x1",
    "FORBIDDEN:79571449x1","UNKNOWN_CARD:511000825x1"
  ]],
  ["ydk/wcq_world_champion_2008.ydk", "ydk", [48, 12, 0], false, [
    "FORBIDDEN:19613556x1","FORBIDDEN:42829885x1","FORBIDDEN:60682203x1","OVER_LIST_LIMIT:41420027x3"
  ]],
  ["ydk/wcq_world_champion_2012.ydk", "ydk", [42, 15, 11], false, ["FORBIDDEN:23434538x2","FORBIDDEN:19613556x1"]],
  ["ydk/wcq_world_champion_2016.ydk", "ydk", [42, 15, 15], false, [
    "FORBIDDEN:23434538x2","FORBIDDEN:54447022x1","FORBIDDEN:5851097x1","FORBIDDEN:58820923x1"
  ]],
  ["ydk/windbot_AI_Archfiend_mdpro3_prerelease.ydk", "ydk", [40, 15, 3], false, [
    "UNKNOWN_CARD:100264002x3","FORBIDDEN:23434538x1","UNKNOWN_CARD:100264003x3"
  ]],
  ["ydk/windbot_AI_Brave.ydk", "ydk", [40, 15, 15], false, [
    "FORBIDDEN:23434538x2","OVER_LIST_LIMIT:24224830x2","OVER_LIST_LIMIT:65681983x2","FORBIDDEN:84815190x1","FORBIDDEN:27548199x1",
    "FORBIDDEN:44097050x1","FORBIDDEN:50588353x1","FORBIDDEN:70369116x1","OVER_LIST_LIMIT:94145021x3"
  ]],
  ["ydk/windbot_AI_Kashtira.ydk", "ydk", [40, 15, 0], false, [
    "OVER_LIST_LIMIT:91800273x2","FORBIDDEN:23434538x2","OVER_LIST_LIMIT:84211599x2","OVER_LIST_LIMIT:24224830x2","FORBIDDEN:27548199x1",
    "FORBIDDEN:48626373x2","FORBIDDEN:95474755x3","FORBIDDEN:10389142x1","FORBIDDEN:44097050x1"
  ]],
  ["ydk/windbot_AI_Maliss.ydk", "ydk", [40, 15, 0], false, [
    "OVER_LIST_LIMIT:68337209x3","OVER_LIST_LIMIT:24224830x2","FORBIDDEN:23434538x2","OVER_LIST_LIMIT:32061192x3",
    "OVER_LIST_LIMIT:69272449x3","FORBIDDEN:4280258x1","FORBIDDEN:95454996x1","FORBIDDEN:59859086x1","FORBIDDEN:30342076x1"
  ]],
  ["ydk/windbot_AI_Ryzeal.ydk", "ydk", [40, 15, 15], false, [
    "OVER_LIST_LIMIT:8633261x3","OVER_LIST_LIMIT:35844557x3","OVER_LIST_LIMIT:34022970x3","FORBIDDEN:23434538x2",
    "OVER_LIST_LIMIT:24224830x2","OVER_LIST_LIMIT:34909328x2","FORBIDDEN:21044178x1","FORBIDDEN:20292186x1","FORBIDDEN:19613556x1",
    "FORBIDDEN:83326048x3","OVER_LIST_LIMIT:41420027x3"
  ]],
  ["ydk/windbot_AI_Salamangreat.ydk", "ydk", [40, 15, 1], false, [
    "FORBIDDEN:23434538x3","OVER_LIST_LIMIT:24224830x3","OVER_LIST_LIMIT:41420027x2"
  ]],
  ["ydk/windbot_AI_Voiceless.ydk", "ydk", [40, 7, 0], false, ["OVER_LIST_LIMIT:94145021x3","FORBIDDEN:79606837x1"]],
  ["ydk/ygoagent_tokens_only.ydk", "ydk", [231, 0, 0], false, [
    "MAIN_TOO_LARGEx231","TOKEN:176393x1","TOKEN:645088x1","TOKEN:31533705x17","TOO_MANY_COPIES:31533705x17","TOKEN:1426715x1",
    "TOKEN:1799465x1","TOKEN:2625940x1","TOKEN:2819436x1","TOKEN:3285552x1","TOKEN:7392746x1","TOKEN:7610395x1","TOKEN:8025951x1",
    "TOKEN:8198621x1","TOKEN:9047461x1","UNKNOWN_CARD:9396663x1","TOKEN:9925983x1","TOKEN:9929399x1","TOKEN:10389143x1",
    "TOKEN:11050416x7","TOO_MANY_COPIES:11050416x7","UNKNOWN_CARD:11654068x1","TOKEN:11738490x1","TOKEN:12958920x1","TOKEN:12965762x1",
    "TOKEN:13536607x1","UNKNOWN_CARD:13764603x1","TOKEN:13935002x1","TOKEN:14089429x1","TOKEN:29843092x5","TOO_MANY_COPIES:29843092x5",
    "UNKNOWN_CARD:14821891x1","TOKEN:14957441x1","TOKEN:15341822x2","TOKEN:15394084x1","TOKEN:15590356x1","TOKEN:15629802x1",
    "TOKEN:16946850x1","UNKNOWN_CARD:17000166x1","TOKEN:17228909x1","TOKEN:17418745x1","TOKEN:18494512x1","TOKEN:19280590x1",
    "TOKEN:20001444x1","TOKEN:21179144x1","TOKEN:21770261x2","TOKEN:21830680x1","TOKEN:22404676x1","TOKEN:22411610x1","TOKEN:22493812x1",
    "TOKEN:22953212x1","TOKEN:23116809x1","TOKEN:23331401x1","TOKEN:23837055x1","TOKEN:24874631x1","TOKEN:52900001x2","TOKEN:25419324x1",
    "TOKEN:26326542x1","TOKEN:27198002x1","TOKEN:27204312x1","TOKEN:27450401x1","TOKEN:27882994x1","TOKEN:28053764x1","TOKEN:28062326x1",
    "TOKEN:28355719x1","TOKEN:28674153x1","TOKEN:29491335x1","TOKEN:30069399x1","TOKEN:30327675x1","TOKEN:30327676x1","TOKEN:30650148x1",
    "TOKEN:30765616x1","TOKEN:31600514x1","TOKEN:31986289x1","UNKNOWN_CARD:32056071x1","TOKEN:32335698x1","TOKEN:32446631x1",
    "TOKEN:33676147x1","TOKEN:34479659x1","UNKNOWN_CARD:34690954x1","TOKEN:34767866x1","TOKEN:34822851x1","TOKEN:35263181x1",
    "TOKEN:35268888x1","TOKEN:35514097x1","TOKEN:35834120x1","TOKEN:36629636x1","TOKEN:38030233x1","TOKEN:38041941x1","TOKEN:38053382x1",
    "TOKEN:39972130x1","TOKEN:40551411x1","UNKNOWN_CARD:40633085x1","TOKEN:40703223x1","TOKEN:40844553x1","UNKNOWN_CARD:41456842x1",
    "TOKEN:42427231x1","TOKEN:42671152x1","TOKEN:42956964x1","TOKEN:43140792x1","TOKEN:43664495x1","TOKEN:44052075x1","TOKEN:44092305x1",
    "TOKEN:44308318x1","TOKEN:44330099x1","TOKEN:44586427x1","TOKEN:44689689x1","TOKEN:46173680x2","TOKEN:46647145x1","TOKEN:47658965x1",
    "TOKEN:48068379x2","TOKEN:48115278x1","TOKEN:48411997x1","UNKNOWN_CARD:49752796x1","TOKEN:49808197x1","TOKEN:51208047x1",
    "TOKEN:51611042x1","TOKEN:51987572x1","TOKEN:52340445x1","TOKEN:53855410x2","TOKEN:54537490x1","TOKEN:55326323x1","TOKEN:56051649x1",
    "UNKNOWN_CARD:56495148x1","TOKEN:56597273x1","TOKEN:58371672x1","TOKEN:59160189x1","TOKEN:59900656x1","TOKEN:60025884x1",
    "TOKEN:60406592x1","TOKEN:60514626x1","TOKEN:60764582x2","TOKEN:62125439x1","UNKNOWN_CARD:62481204x1","TOKEN:62543394x1",
    "TOKEN:63184228x1","TOKEN:63442605x1","TOKEN:64213018x1","TOKEN:64382840x1","TOKEN:64583601x1","TOKEN:65500516x1","TOKEN:65810490x1",
    "TOKEN:66661679x1","TOKEN:67284108x1","TOKEN:67949764x1","TOKEN:68815402x1","TOKEN:69550260x1","TOKEN:69811711x1","TOKEN:69868556x1",
    "TOKEN:69890968x1","TOKEN:70391589x1","TOKEN:70465811x1","TOKEN:70950699x1","TOKEN:71645243x1","TOKEN:73915052x4",
    "TOO_MANY_COPIES:73915052x4","TOKEN:74440056x1","TOKEN:74627017x1","TOKEN:74659583x1","TOKEN:74983882x1","TOKEN:75119041x1",
    "TOKEN:75524093x1","TOKEN:75622825x1","TOKEN:75732623x1","UNKNOWN_CARD:76524507x1","TOKEN:76589547x1","UNKNOWN_CARD:77672445x1",
    "UNKNOWN_CARD:78394033x1","UNKNOWN_CARD:78789357x1","UNKNOWN_CARD:78836196x1","TOKEN:81767889x1","TOKEN:82255873x1",
    "TOKEN:82324106x1","TOKEN:82340057x1","TOKEN:82556059x1","TOKEN:82994510x1","TOKEN:83239740x1","TOKEN:84816245x1","TOKEN:85771020x1",
    "TOKEN:85771021x1","TOKEN:85969518x1","TOKEN:86801872x1","TOKEN:86871615x1","UNKNOWN_CARD:87240372x1","TOKEN:87669905x1",
    "TOKEN:88923964x1","TOKEN:89907228x1","TOKEN:90884404x1","TOKEN:91512836x1","TOKEN:93104633x1","TOKEN:93130022x1","TOKEN:93224849x1",
    "UNKNOWN_CARD:93490857x1","TOKEN:93912846x1","TOKEN:94703022x1","TOKEN:97452818x1","TOKEN:98596597x1","TOKEN:98875864x1",
    "UNKNOWN_CARD:99092625x1","UNKNOWN_CARD:99137267x1"
  ]],
  ["ydk/ydke_urls.txt#1", "ydke", [2, 1, 1], false, ["MAIN_TOO_SMALLx2"]],
  ["ydk/ydke_urls.txt#2", "ydke", [0, 3, 2], false, ["MAIN_TOO_SMALLx0"]],
  ["ydk/ydke_urls.txt#3", "ydke", [42, 15, 15], false, [
    "FORBIDDEN:76375976x1","FORBIDDEN:88581108x1","FORBIDDEN:59934749x1","FORBIDDEN:83152482x1","FORBIDDEN:70369116x1",
    "OVER_LIST_LIMIT:24207889x3"
  ]],
  ["ydk/ydke_urls.txt#4", "ydke", [42, 15, 15], false, ["OVER_LIST_LIMIT:91800273x3","FORBIDDEN:76375976x3","OVER_LIST_LIMIT:41420027x3"]],
  ["ydk/ydke_urls.txt#5", "ydke", [40, 15, 15], false, [
    "OVER_LIST_LIMIT:38814750x3","OVER_LIST_LIMIT:25311006x3","FORBIDDEN:88581108x2","OVER_LIST_LIMIT:94145021x3","FORBIDDEN:23002292x1"
  ]],
  ["ydk/ydke_urls.txt#6", "ydke", [40, 15, 15], false, ["FORBIDDEN:20292186x1","FORBIDDEN:50588353x1"]],
  ["ydk/ydke_urls.txt#7", "ydke", [40, 15, 15], false, [
    "FORBIDDEN:63789924x1","OVER_LIST_LIMIT:25311006x3","FORBIDDEN:85243784x1","FORBIDDEN:59934749x2","FORBIDDEN:50588353x1",
    "FORBIDDEN:44097050x1","FORBIDDEN:79606837x1","FORBIDDEN:27548199x1","FORBIDDEN:23002292x1"
  ]],
  ["ydk/ydke_urls.txt#8", "ydke", [41, 15, 15], false, [
    "OVER_LIST_LIMIT:38814750x3","OVER_LIST_LIMIT:94145021x3","OVER_LIST_LIMIT:99266988x3","OVER_LIST_LIMIT:73539069x3",
    "FORBIDDEN:86148577x1","FORBIDDEN:50588353x1","FORBIDDEN:27548199x1","FORBIDDEN:3040496x1","FORBIDDEN:23002292x1",
    "OVER_LIST_LIMIT:25311006x3"
  ]],
  ["ydk/ydke_urls.txt#9", "ydke", [41, 15, 15], false, [
    "OVER_LIST_LIMIT:38572779x3","OVER_LIST_LIMIT:38814750x3","OVER_LIST_LIMIT:41420027x2","FORBIDDEN:4280258x1","FORBIDDEN:85243784x1",
    "OVER_LIST_LIMIT:41999284x2","FORBIDDEN:76375976x3"
  ]],
  ["ydk/ydke_urls.txt#10", "ydke", [40, 15, 15], false, ["OVER_LIST_LIMIT:38814750x3","FORBIDDEN:61740673x1"]],
  ["ydk/ydke_urls.txt#11", "ydke", [40, 15, 0], false, ["FORBIDDEN:70369116x1"]],
  ["ydk/ydke_urls.txt#12", "ydke", [40, 15, 15], false, ["FORBIDDEN:76375976x3","FORBIDDEN:50588353x1","OVER_LIST_LIMIT:41420027x3"]],
  // passcode 0 is outside 1 … 2,147,483,647: a parse error naming the line, not an unknown card
  ["ydk/ydke_urls.txt#13", "ydke", [0, 0, 0], false, ["PARSE:PASSCODE_RANGE"]],
  ["ydk/ydke_urls.txt#14", "ydke", [40, 3, 2], true, []],
];

// prettier-ignore
const MTG_GOLDEN: MtgRow[] = [
  ["mtg/ali_mtg_standard_jeskai_tokens.txt", "mtg-text", [60, 0, 15], false, ["SIDE_NOT_ALLOWEDx15"], null],
  ["mtg/buckket_test_plaintext.dek", "mtg-text", [62, 0, 0], true, [], null],
  ["mtg/mtggoldfish_legacy_7688038.json", "mtggoldfish-json", [60, 0, 15], false, ["SIDE_NOT_ALLOWEDx15"], "Legacy"],
  ["mtg/mtggoldfish_legacy_7688038.txt", "mtg-text", [60, 0, 15], false, ["SIDE_NOT_ALLOWEDx15"], "Legacy"],
  ["mtg/mtggoldfish_legacy_7688314.json", "mtggoldfish-json", [60, 0, 15], false, ["SIDE_NOT_ALLOWEDx15"], "Legacy"],
  ["mtg/mtggoldfish_legacy_7688314.txt", "mtg-text", [60, 0, 15], false, ["SIDE_NOT_ALLOWEDx15"], "Legacy"],
  ["mtg/mtggoldfish_modern_7687361.json", "mtggoldfish-json", [60, 0, 15], false, ["SIDE_NOT_ALLOWEDx15"], "Modern"],
  ["mtg/mtggoldfish_modern_7687361.txt", "mtg-text", [60, 0, 15], false, ["SIDE_NOT_ALLOWEDx15"], "Modern"],
  ["mtg/mtggoldfish_modern_7688219.json", "mtggoldfish-json", [60, 0, 15], false, ["SIDE_NOT_ALLOWEDx15"], "Modern"],
  ["mtg/mtggoldfish_modern_7688219.txt", "mtg-text", [60, 0, 15], false, ["SIDE_NOT_ALLOWEDx15"], "Modern"],
  ["mtg/mtggoldfish_modern_7688465.json", "mtggoldfish-json", [60, 0, 15], false, ["SIDE_NOT_ALLOWEDx15"], "Modern"],
  ["mtg/mtggoldfish_modern_7688465.txt", "mtg-text", [60, 0, 15], false, ["SIDE_NOT_ALLOWEDx15"], "Modern"],
  ["mtg/mtggoldfish_modern_7689009.json", "mtggoldfish-json", [60, 0, 15], false, ["SIDE_NOT_ALLOWEDx15"], "Modern"],
  ["mtg/mtggoldfish_modern_7689009.txt", "mtg-text", [60, 0, 15], false, ["SIDE_NOT_ALLOWEDx15"], "Modern"],
  ["mtg/mtggoldfish_pauper_7688220.json", "mtggoldfish-json", [60, 0, 15], false, ["SIDE_NOT_ALLOWEDx15"], "Pauper"],
  ["mtg/mtggoldfish_pauper_7688220.txt", "mtg-text", [60, 0, 15], false, ["SIDE_NOT_ALLOWEDx15"], "Pauper"],
  ["mtg/mtggoldfish_pioneer_7690121.json", "mtggoldfish-json", [80, 0, 15], false, ["SIDE_NOT_ALLOWEDx15"], "Pioneer"],
  ["mtg/mtggoldfish_pioneer_7690121.txt", "mtg-text", [80, 0, 15], false, ["SIDE_NOT_ALLOWEDx15"], "Pioneer"],
  ["mtg/mtggoldfish_pioneer_7691630.json", "mtggoldfish-json", [80, 0, 15], false, ["SIDE_NOT_ALLOWEDx15"], "Pioneer"],
  ["mtg/mtggoldfish_pioneer_7691630.txt", "mtg-text", [80, 0, 15], false, ["SIDE_NOT_ALLOWEDx15"], "Pioneer"],
  ["mtg/mtgo_sample_counterspell.dek", "mtgo-dek", [24, 0, 2], false, ["MAIN_TOO_SMALLx24","SIDE_NOT_ALLOWEDx2"], null],
  ["mtg/xmage_gp_portland_2013_pod_1st.dck", "xmage-dck", [60, 0, 15], false, [
    "SIDE_NOT_ALLOWEDx15","FORBIDDEN:birthing podx4","FORBIDDEN:deathrite shamanx3"
  ], "Modern"],
  ["mtg/xmage_gp_portland_2013_pod_5th8th.txt.dck", "xmage-dck", [60, 0, 15], false, [
    "SIDE_NOT_ALLOWEDx15","FORBIDDEN:birthing podx4","FORBIDDEN:deathrite shamanx3"
  ], "Modern"],
  ["mtg/xmage_pt_theros_devotion_blue_1st.dck", "xmage-dck", [60, 0, 15], false, ["SIDE_NOT_ALLOWEDx15"], null],
  ["mtg/xmage_wc1998_drawgo_buehler.dck", "xmage-dck", [60, 0, 0], true, [], null],
];

const summary = (res: LegalityResult) =>
  res.violations.map((v) => (v.card ? `${v.code}:${v.card.key}x${v.count}` : `${v.code}x${v.count}`));

let cards: CardIndex;
let tcg: YgoBanlist;
beforeAll(async () => {
  cards = (await loadMergedCards()).index;
  tcg = parseLflist(readText("banlists", "ygo_edopro_TCG_2026.05.lflist.conf")).banlists[0];
});

function ydkInput(file: string): string {
  const m = /^ydk\/ydke_urls\.txt#(\d+)$/.exec(file);
  if (!m) return readText("decks", file);
  const urls = readText("decks", "ydk", "ydke_urls.txt")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("#"));
  return urls[Number(m[1]) - 1];
}

describe("DL03 golden table: every deck file in shared/data/decks", () => {
  it("DL03: the table covers every file (25 .ydk, 14 ydke URLs, 25 MTG files)", () => {
    const ydk = listDir("decks", "ydk")
      .filter((f) => f.endsWith(".ydk"))
      .map((f) => `ydk/${f}`);
    expect(YGO_GOLDEN.map((r) => r[0]).filter((f) => f.endsWith(".ydk"))).toEqual(ydk);
    expect(YGO_GOLDEN.filter((r) => r[0].includes("#"))).toHaveLength(14);
    expect(MTG_GOLDEN.map((r) => r[0])).toEqual(listDir("decks", "mtg").map((f) => `mtg/${f}`));
    expect(ydk).toHaveLength(25);
    expect(MTG_GOLDEN).toHaveLength(25);
  });

  for (const [file, format, counts, legal, violations] of YGO_GOLDEN) {
    it(`DL03 golden YGO ${file}: ${counts.join("/")} ${legal ? "legal" : "illegal"} under 2026.05 TCG`, () => {
      const r = parseDecklist(ydkInput(file));
      if (violations[0]?.startsWith("PARSE:")) {
        expect(r.ok).toBe(false);
        if (!r.ok) expect(r.errors.map((e) => `PARSE:${e.code}`)).toEqual(violations);
        return;
      }
      expect(r.ok).toBe(true);
      if (!r.ok || r.game !== "YGO") throw new Error("not a YGO deck");
      expect(r.format).toBe(format);
      const res = checkDuelist(r.deck as YgoDeck, { preset: PRESETS.KONAMI_STANDARD_1V1, banlist: tcg, cards });
      expect([res.counts.main, res.counts.extra, res.counts.side]).toEqual(counts);
      expect(res.legal).toBe(legal);
      expect(summary(res)).toEqual(violations);
    });
  }

  for (const [file, format, counts, legal, violations, forge] of MTG_GOLDEN) {
    it(`DL03 MTG ${file}: ${counts[0]}+${counts[2]} ${legal ? "legal" : "illegal"} (MTG_2HG${forge ? ` + Forge ${forge}` : ""})`, () => {
      const r = parseDecklist(readText("decks", file));
      expect(r.ok).toBe(true);
      if (!r.ok || r.game !== "MTG") throw new Error("not an MTG deck");
      expect(r.format).toBe(format);
      let banlist = null;
      if (forge) {
        const f = parseForgeFormat(readText("banlists", `mtg_forge_${forge}.txt`));
        if (!f.ok) throw new Error("forge list");
        banlist = f.list;
      }
      const res = checkDuelist(r.deck as MtgDeck, { preset: PRESETS.MTG_2HG, banlist });
      expect([res.counts.main, res.counts.extra, res.counts.side]).toEqual(counts);
      expect(res.legal).toBe(legal);
      expect(summary(res)).toEqual(violations);
    });
  }
});
