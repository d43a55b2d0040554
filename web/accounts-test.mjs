// Accounts in the browser: two headless Chromium pages each create an
// account in the online menu (typing a name and a password), page C opens
// a rated game and page D joins it by its link (signed in again from the
// session its storage kept), they play, D resigns, both see their rating
// move, and C finds the game in its archive and opens it: the finished
// game on the board (its mines known: tests/pages.rs checks that
// headlessly, the page publishing only what a player sees).
//
//   node accounts-test.mjs BASE_URL OUTDIR
import { mkdirSync } from "node:fs";
import { finish, launch, watch } from "./browser.mjs";
import { frames, move, state, waitFor } from "./online-pages.mjs";

const [base, out] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
const W = 1180, H = 820;
const problems = [];
const log = [];
const browser = await launch();

async function open(name, url) {
  const context = await browser.newContext({ viewport: { width: W, height: H } });
  const page = await context.newPage();
  watch(page, log, problems, name);
  await page.goto(url);
  return page;
}

// A named widget (its message id in the .ftl files) where the game drew it
// this frame (window.mscButtons), clicked in its middle.
// Clicked once it has stood still for a few frames: the first frames
// lay the page out again as its fonts arrive.
async function press(page, name) {
  const until = Date.now() + 30000;
  const where = async () => (await page.evaluate(() => JSON.parse(window.mscButtons ?? "{}")))[name];
  for (;;) {
    const all = await page.evaluate(() => JSON.parse(window.mscButtons ?? "{}"));
    const b = all[name];
    if (b) {
      await frames(page, 3);
      const again = await where();
      if (!again || again.join() !== b.join()) continue;
      await page.mouse.click(b[0] + b[2] / 2, b[1] + b[3] / 2);
      await frames(page, 3);
      return;
    }
    if (Date.now() > until) throw new Error(`no '${name}' on the page; it shows ${Object.keys(all).join(", ")}`);
    await page.waitForTimeout(100);
  }
}
async function type(page, field, text) {
  await press(page, field);
  await page.keyboard.type(text, { delay: 20 });
  await frames(page, 3);
}
// The title's Play online, then an account made in the Account dialog.
async function signUp(page, name) {
  await press(page, "play-online");
  await press(page, "acc-sign-up");
  await type(page, "acc-user-name", name);
  await type(page, "acc-password", `${name} plays rated`);
  // The dialog's own submit button carries the same name as the lobby's
  // that opened it; the lobby is under the dialog now.
  await press(page, "acc-sign-up");
  return waitFor(page, `${name} signed in`, (s) => s.player === name);
}

const report = { checks: [] };
const check = (what, ok, detail = "") => {
  report.checks.push({ what, ok, detail });
  if (!ok) problems.push(`${what}: ${detail}`);
};
try {
  const c = await open("carla", `${base}/index.html`);
  await signUp(c, "Carla");
  await c.screenshot({ path: `${out}/accounts-lobby.png` });
  await press(c, "acc-rated");
  await press(c, "create-game");
  const made = await waitFor(c, "Carla's rated game", (s) => s.code && s.phase === "InGame");
  check("Carla's game is rated", made.rated === true, JSON.stringify(made));
  const d = await open("dmitri", `${base}/index.html`);
  await signUp(d, "Dmitri");
  // The invite link, in the same browser: the kept session signs in again.
  await d.goto(`${base}/index.html?join=${made.code}`);
  const pages = [["carla", c], ["dmitri", d]];
  for (const [name, pg] of pages) {
    await waitFor(pg, `${name} in the game with both players`, (s) => s.phase === "InGame" && s.present[0] && s.present[1]);
  }
  const joined = await state(d, "mscOnline");
  check("Dmitri is signed in again from his kept session", joined.player === "Dmitri", JSON.stringify(joined));
  const white = made.side === "white" ? c : d, black = made.side === "white" ? d : c;
  await move(white, "e2", "e3", 1, pages, log);
  await move(black, "a9", "a8", 2, pages, log);
  await move(white, "d2", "d3", 3, pages, log);
  await press(d, "resign");
  const sc = await waitFor(c, "Carla's rating change", (s) => s.change !== null);
  const sd = await waitFor(d, "Dmitri's rating change", (s) => s.change !== null);
  check("the winner's rating rises", sc.change > 0, JSON.stringify(sc));
  check("the loser's falls as much", sd.change === -sc.change, JSON.stringify(sd));
  await frames(c, 20);
  await c.screenshot({ path: `${out}/accounts-result.png` });
  // Carla's games: from the main menu's online lobby.
  await c.keyboard.press("Escape");
  await frames(c, 3);
  await press(c, "main-menu");
  await press(c, "play-online");
  await press(c, "acc-my-games");
  const listed = await waitFor(c, "Carla's archive", (s) => s.archive >= 1);
  check("the finished game is in Carla's archive", listed.archive === 1, JSON.stringify(listed));
  await c.screenshot({ path: `${out}/accounts-archive.png` });
  await press(c, "replay-game-0");
  const until = Date.now() + 30000;
  let st = null;
  while (Date.now() < until) {
    st = await state(c, "mscStatus");
    if (st && st.moves === 3 && st.outcome.includes("Resign")) break;
    await c.waitForTimeout(200);
  }
  check("the archive's game opens finished, with its three moves",
    st && st.moves === 3 && st.outcome.includes("Resign"), JSON.stringify(st));
  await frames(c, 10);
  await c.screenshot({ path: `${out}/accounts-replay.png` });
} catch (e) {
  problems.push(String(e.stack ?? e));
}
await finish(browser, out, "accounts-", report, log, problems,
  `accounts browser test passed: ${report.checks.length} checks`);
