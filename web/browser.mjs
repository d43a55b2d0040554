// What the browser tests share: headless Chromium started the way this
// machine allows (no sandbox, no GPU, no background connections; WebGL2
// through SwiftShader, Chromium's software renderer), a page's console
// and errors collected, and the report written at the end.
import { chromium } from "playwright-core";
import { writeFileSync } from "node:fs";

// Emitted by wasm-bindgen's event loop on every frame: not an error.
const BENIGN = "Using exceptions for control flow";

/** Headless Chromium with the shared flags and any `extra` ones. */
export function launch(extra = []) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox", "--disable-gpu", "--no-first-run",
      "--disable-background-networking", "--disable-component-update",
      "--disable-sync", "--disable-quic",
      "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
      ...extra,
    ],
  });
}

/** Logs `page`'s console into `log`; its errors (and the game's ERROR
 *  lines) into `problems`, named `name` when several pages run. */
export function watch(page, log, problems, name = "") {
  const who = name ? `${name} ` : "";
  page.on("console", (m) => {
    const text = m.text();
    log.push(`[${who}${m.type()}] ${text}`);
    const bad = m.type() === "error" || /^(%c)?ERROR/.test(text);
    if (bad && !text.includes(BENIGN)) problems.push(`${who}console error: ${text}`);
  });
  page.on("pageerror", (e) => {
    if (!String(e).includes(BENIGN)) problems.push(`${who}page error: ${e}`);
  });
}

/** Writes `${out}/${prefix}report.json` and `${prefix}console.log`,
 *  closes the browser and exits 1 when there were problems. */
export async function finish(browser, out, prefix, report, log, problems, passed) {
  report.problems = problems;
  writeFileSync(`${out}/${prefix}report.json`, JSON.stringify(report, null, 2));
  writeFileSync(`${out}/${prefix}console.log`, log.join("\n") + "\n");
  await browser.close();
  if (problems.length) {
    console.error(`${prefix}web test FAILED:\n` + problems.join("\n"));
    process.exit(1);
  }
  console.log(passed);
}
