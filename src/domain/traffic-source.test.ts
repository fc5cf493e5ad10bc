// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { campaignTag, checkedAttribution, maxTagLength, referrerHost, sitePath, sourceHost } from './traffic-source.ts';

describe('the source of a visit or a lead', () => {
  it('is the referring host without www., whatever its case, for visits and leads alike', () => {
    expect(referrerHost('https://www.Google.com/search?q=agency', ['northbeam.example'])).toBe('google.com');
    expect(referrerHost('https://google.com/', ['northbeam.example'])).toBe('google.com');
    expect(referrerHost('https://www.linkedin.com./feed', ['northbeam.example'])).toBe('linkedin.com');
    expect(sourceHost('www.LinkedIn.com')).toBe('linkedin.com');
    expect(checkedAttribution({ referrerHost: 'www.google.com' })).toEqual({ referrerHost: 'google.com' });
  });

  it('is no source when the referrer is this site, not a web page, or no URL at all', () => {
    const own = ['www.northbeam.example', 'localhost'];
    for (const referrer of [
      'https://northbeam.example/seo',
      'http://www.northbeam.example/',
      'http://localhost:3000/contact',
      'android-app://com.google.android.gm/',
      'javascript:alert(1)',
      'not a url',
      '',
      undefined,
    ]) {
      expect({ referrer, host: referrerHost(referrer, own) }).toEqual({ referrer, host: null });
    }
  });

  it('keeps a host name and nothing else', () => {
    for (const host of ['https://evil.example/x', 'evil example', 'a'.repeat(254), '', 'evil.example/<script>']) {
      expect({ host, source: sourceHost(host) }).toEqual({ host, source: null });
    }
  });
});

describe('a page of the site', () => {
  it('is a path of this site, without query or fragment', () => {
    expect(sitePath('/seo?utm_source=newsletter#top')).toBe('/seo');
    expect(sitePath('/blogs/hello')).toBe('/blogs/hello');
    expect(sitePath('/')).toBe('/');
  });

  it('is never an address a browser reads as another site, nor longer than a page can be', () => {
    for (const path of [
      '//evil.example/x',
      '/\\evil.example/x',
      '\\\\evil.example',
      'https://evil.example/',
      'evil.example',
      `/${'a'.repeat(600)}`,
      '',
      undefined,
    ]) {
      expect({ path, page: sitePath(path) }).toEqual({ path, page: null });
    }
  });
});

describe('a lead’s attribution', () => {
  it('keeps what is a page of the site, a host and UTM values cut to length; "" still means no referrer', () => {
    expect(
      checkedAttribution({
        landingPage: '/seo?utm_source=x',
        referrerHost: '',
        utmSource: '  newsletter ',
        utmCampaign: 'c'.repeat(500),
        utmTerm: '   ',
      }),
    ).toEqual({
      landingPage: '/seo',
      referrerHost: '',
      utmSource: 'newsletter',
      utmCampaign: 'c'.repeat(maxTagLength),
    });
  });

  it('leaves out a foreign landing page or a referrer that is no host, and keeps the lead', () => {
    expect(checkedAttribution({ landingPage: '//evil.example/x', referrerHost: 'https://evil.example/' })).toEqual({});
    expect(checkedAttribution({ landingPage: '/\\evil.example/x', utmSource: 'ads' })).toEqual({ utmSource: 'ads' });
    expect(checkedAttribution(undefined)).toBeUndefined();
    expect(campaignTag('spring\u0000\u0007 sale')).toBe('spring sale');
  });
});
