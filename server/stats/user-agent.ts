import Bowser from 'bowser';

export interface Software {
  /** desktop, mobile or tablet. */
  device: string;
  browser: string;
  os: string;
}

const devices = new Set(['desktop', 'mobile', 'tablet']);
const cache = new Map<string, Software>();
// Most views come from a few hundred User-Agents; parsing each costs more than the rest of a view.
const cacheSize = 1000;

/** The device type, browser and operating system a User-Agent names ("Unknown" where it names none). */
export function softwareOf(userAgent: string): Software {
  const cached = cache.get(userAgent);
  if (cached !== undefined) return cached;
  const parser = Bowser.getParser(userAgent);
  const platform = parser.getPlatformType(true);
  const software: Software = {
    device: devices.has(platform) ? platform : 'desktop',
    browser: parser.getBrowserName() || 'Unknown',
    os: parser.getOSName() || 'Unknown',
  };
  if (cache.size >= cacheSize) cache.clear();
  cache.set(userAgent, software);
  return software;
}
