// What the online browser tests share: the state a page publishes
// (window.mscOnline, window.mscStatus), waiting on it, and a move made
// with the mouse on a page's board.

/** What `page` publishes under `key`, read as JSON (null before it does). */
export const state = async (page, key) =>
  page.evaluate((k) => (window[k] ? JSON.parse(window[k]) : null), key).catch(() => null);
/** Waits until `page`'s online state passes `test`. */
export async function waitFor(page, what, test, ms = 90000) {
  const until = Date.now() + ms;
  let last = null;
  for (;;) {
    last = await state(page, "mscOnline");
    if (last && test(last)) return last;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}; online state ${JSON.stringify(last)}`);
    await page.waitForTimeout(200);
  }
}
/** Waits until `page` has drawn `n` more frames. */
export async function frames(page, n) {
  const now = (await state(page, "mscStatus"))?.frames ?? 0;
  const until = Date.now() + 60000;
  while (((await state(page, "mscStatus"))?.frames ?? 0) < now + n) {
    if (Date.now() > until) throw new Error("the page stopped drawing");
    await page.waitForTimeout(50);
  }
}
// A cell's centre on a page, from the geometry the game publishes (a1's
// centre and the steps to the next file and rank: Black's page, flipped,
// has them reversed), so a new look moves the clicks with the board.
export async function cell(page, name) {
  const b = (await state(page, "mscStatus"))?.board;
  if (!b) throw new Error("the page has not published where its board is");
  const f = name.charCodeAt(0) - 97, r = Number(name.slice(1)) - 1;
  return { x: b.a1[0] + f * b.file[0] + r * b.rank[0], y: b.a1[1] + f * b.file[1] + r * b.rank[1] };
}
/** Plays `from`→`to` as move `ply` on `page`, heard by all `pages`;
 *  noted in `log`. */
export async function move(page, from, to, ply, pages, log) {
  // As a player would: once the board shows every move so far (after a
  // reload it replays them, a frame each).
  const until = Date.now() + 60000;
  while (((await state(page, "mscStatus"))?.moves ?? -1) < ply - 1) {
    if (Date.now() > until) throw new Error(`the board never caught up before move ${ply}`);
    await page.waitForTimeout(100);
  }
  for (const sq of [from, to]) {
    const p = await cell(page, sq);
    await page.mouse.click(p.x, p.y);
    await frames(page, 3);
  }
  for (const [name, pg] of pages) {
    await waitFor(pg, `${name} to hear move ${ply} (${from}${to})`, (s) => s.ply >= ply);
  }
  log.push(`move ${ply}: ${from}${to}`);
}

