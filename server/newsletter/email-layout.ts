import type * as ReactEmailComponents from '@react-email/components';
import type * as ReactEmailRender from '@react-email/render';
import { createElement, type ReactNode } from 'react';
import type { SiteDocument } from '../../src/content/types.gen.ts';
import { emailImageOf, type EmailImage } from './email-images.ts';

/** What every e-mail of the newsletter shows besides its message: who sends it, from where, and the site. */
export interface NewsletterFacts {
  brandName: string;
  legalName: string;
  /** The agency's postal address, one line, from content/site.json. */
  address: string;
  /** The public origin every link and image is made absolute with. */
  origin: string;
  /** The light version of the logo, an SVG of the site, drawn on the e-mail's dark band as a PNG. */
  logoPath: string;
}

/** The footer's logo: light, for a dark band, as on the site. */
const lightLogo = '/images/logo-light.svg';

export function newsletterFacts(site: SiteDocument, origin: string): NewsletterFacts {
  const { lines, locality, region, postalCode, country } = site.contact.address;
  return {
    brandName: site.brand.name,
    legalName: site.brand.legalName,
    address: [...lines, `${locality}, ${region} ${postalCode}`, country].join(', '),
    origin,
    logoPath: lightLogo,
  };
}

/** The site's colours (src/styles/tokens.css), light and dark. */
export const colours = {
  text: '#0f172a',
  quiet: '#5b6578',
  link: '#2540d9',
  page: '#f5f7fb',
  frame: '#ffffff',
  night: '#0b1226',
  onNight: '#e2e8f0',
};

/** The width of the e-mail's column, and of what fills it inside its padding. */
export const columnWidth = 600;
export const contentWidth = 536;

/**
 * Mail clients that read a stylesheet in the head (Apple Mail, iOS, Outlook for Mac, Gmail's apps in part) get dark
 * mode and narrow screens from it; the rest keep the light, inline-styled version, which stays readable.
 */
const headStyles = `
  :root { color-scheme: light dark; supported-color-schemes: light dark; }
  body { margin: 0; padding: 0; width: 100% !important; -webkit-text-size-adjust: 100%; background-color: #f5f7fb; }
  .content img { max-width: 100% !important; height: auto !important; }
  @media (max-width: 620px) {
    .page { padding: 0 !important; }
    .frame { padding: 24px 16px !important; }
    .band { padding: 16px !important; }
    .title { font-size: 26px !important; }
  }
  @media (prefers-color-scheme: dark) {
    html, body, .page { background-color: #0b1226 !important; }
    .frame { background-color: #141d38 !important; }
    .content, .title, .text { color: #e2e8f0 !important; }
    .quiet { color: #a9b4c8 !important; }
    .frame a { color: #9db0ff !important; }
    .frame a.button { background-color: #9db0ff !important; color: #0b1226 !important; }
    hr { border-color: #2a3558 !important; }
  }
`;

const h = createElement;

/** react-email's mark of what its plain-text part leaves out. */
const skipInText = { 'data-skip-in-text': 'true' } as object;

export type ReactEmail = [typeof ReactEmailComponents, typeof ReactEmailRender];
let reactEmailLoading: Promise<ReactEmail> | undefined;

/**
 * react-email, loaded with the first e-mail rendered rather than at server start: its code block builds Prism's
 * grammars on import, and with the rest of its components that was a tenth of every server start's CPU.
 */
export function reactEmail(): Promise<ReactEmail> {
  reactEmailLoading ??= Promise.all([import('@react-email/components'), import('@react-email/render')]);
  reactEmailLoading.catch(() => (reactEmailLoading = undefined));
  return reactEmailLoading;
}

/** The logo as a PNG the mail clients show, or none when it cannot be drawn (the band then says the name). */
export const logoOf = (facts: NewsletterFacts): Promise<EmailImage | undefined> =>
  emailImageOf(facts.logoPath, 168, facts.origin);

export interface EmailFrame {
  facts: NewsletterFacts;
  logo: EmailImage | undefined;
  /** The line a mail client shows after the subject in its list. */
  preview: string;
  /** Why the reader gets this e-mail, and what to do about it: the small print above the address. */
  why: ReactNode;
  children: ReactNode;
}

/**
 * Every e-mail of the newsletter: a dark band with the logo (as the site's footer, readable in light and dark mode and
 * in clients that invert colours), a white card with the message, and the small print with the agency's address. Made
 * with createElement rather than JSX: whatever bundles the server (a test's Vite build runs with NODE_ENV=test) must
 * not switch it to React's development JSX runtime.
 */
export function emailFrame(
  { Body, Container, Head, Hr, Html, Img, Link, Preview, Section, Text }: typeof ReactEmailComponents,
  { facts, logo, preview, why, children }: EmailFrame,
) {
  const font = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
  const band = { backgroundColor: colours.night, padding: '20px 32px' };
  const mark = logo
    ? h(Img, { src: logo.src, alt: facts.brandName, width: logo.width, height: logo.height })
    : h('span', { style: { color: '#ffffff', fontSize: '22px', fontWeight: 700 } }, facts.brandName);
  return h(
    Html,
    { lang: 'en', dir: 'ltr' },
    h(
      Head,
      null,
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('meta', { name: 'color-scheme', content: 'light dark' }),
      h('meta', { name: 'supported-color-schemes', content: 'light dark' }),
      h('style', null, headStyles),
    ),
    h(Preview, null, preview),
    h(
      Body,
      // No colour here: react-email copies the body's style onto a cell of its own, which no class reaches, and that
      // cell stayed light grey around the card in dark mode. The page's colour is on the section below instead.
      { style: { margin: 0, fontFamily: font } },
      h(
        Section,
        { className: 'page', style: { backgroundColor: colours.page, padding: '24px 0' }, bgcolor: colours.page },
        h(
          Container,
          { style: { maxWidth: `${columnWidth}px`, width: '100%' } },
          h(
            Section,
            // The text part begins with the message: a logo says nothing there.
            { className: 'band', style: band, bgcolor: colours.night, ...skipInText },
            h(Link, { href: `${facts.origin}/`, style: { display: 'inline-block' } }, mark),
          ),
          h(
            Section,
            { className: 'frame', style: { backgroundColor: colours.frame, padding: '32px' }, bgcolor: colours.frame },
            children,
            h(Hr, { style: { borderColor: '#d9e0ec', margin: '32px 0 16px' } }),
            h(
              Text,
              { className: 'quiet', style: { color: colours.quiet, fontSize: '13px', lineHeight: '1.6', margin: 0 } },
              why,
              h('br', null),
              `${facts.legalName}, ${facts.address}`,
            ),
          ),
        ),
      ),
    ),
  );
}

/** The e-mail's one call to action: a button drawn by padding and colour, which every client shows as a link. */
export function emailButton({ Button }: typeof ReactEmailComponents, href: string, label: string) {
  return h(
    Button,
    {
      href,
      className: 'button',
      style: {
        backgroundColor: colours.link,
        color: '#ffffff',
        borderRadius: '999px',
        fontSize: '17px',
        fontWeight: 600,
        padding: '14px 28px',
        textDecoration: 'none',
        display: 'inline-block',
      },
    },
    label,
  );
}

/** Both parts of an e-mail from one tree, so that they cannot drift apart. */
export async function renderEmail(
  render: typeof ReactEmailRender.render,
  element: ReturnType<typeof emailFrame>,
): Promise<{ html: string; text: string }> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}

/** The style of a short notice's paragraphs (the confirmation, the note to a reader subscribed already). */
export const noticeTextStyle = { color: colours.text, fontSize: '17px', lineHeight: '1.65', margin: '0 0 16px' };

/** A short notice's one heading. */
export function noticeHeading({ Heading }: typeof ReactEmailComponents, text: string) {
  return createElement(
    Heading,
    {
      key: 'title',
      as: 'h1',
      className: 'title',
      style: { color: colours.text, fontSize: '28px', lineHeight: '1.2', margin: '0 0 16px' },
    },
    text,
  );
}
