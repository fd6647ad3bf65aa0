// The system Chromium and the flags it needs on these machines (no sandbox as root, no GPU, and no
// background traffic, which the closed network would refuse). Shared by the browser tests, the
// benchmark's screen timings and the Lighthouse script; no browser is ever downloaded.

/** $CHROME_PATH, or Debian's Chromium. */
export function chromiumPath() {
  return process.env.CHROME_PATH || '/usr/bin/chromium';
}

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
