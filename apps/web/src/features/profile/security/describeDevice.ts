/** A short, human name for a user agent: "Firefox · Windows". Null when nothing is recognised. */
const BROWSERS: ReadonlyArray<readonly [string, RegExp]> = [
  ['Edge', /Edg(e|A|iOS)?\//],
  ['Opera', /OPR\//],
  ['Firefox', /Firefox\/|FxiOS\//],
  ['Chrome', /Chrome\/|CriOS\//],
  ['Safari', /Version\/[\d.]+.*Safari\//],
];

const SYSTEMS: ReadonlyArray<readonly [string, RegExp]> = [
  ['Android', /Android/],
  ['iOS', /iPhone|iPad|iPod/],
  ['Windows', /Windows/],
  ['macOS', /Mac OS X|Macintosh/],
  ['Linux', /Linux|X11/],
];

function firstMatch(patterns: ReadonlyArray<readonly [string, RegExp]>, text: string): string | undefined {
  return patterns.find(([, pattern]) => pattern.test(text))?.[0];
}

export function describeDevice(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser = firstMatch(BROWSERS, userAgent);
  const system = firstMatch(SYSTEMS, userAgent);
  if (browser && system) return `${browser} · ${system}`;
  return browser ?? system ?? null;
}
