import { createTransport } from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './free-port.ts';
import { SmtpSink } from './smtp-sink.ts';

let sink: SmtpSink | undefined;
afterEach(async () => {
  await sink?.stop();
  sink = undefined;
});

async function sendOne(headersOnly: boolean) {
  sink = new SmtpSink(await freePort(), { headersOnly });
  await sink.start();
  const transport = createTransport({ host: '127.0.0.1', port: sink.port, secure: false, ignoreTLS: true });
  try {
    await transport.sendMail({
      from: 'Northbeam <no-reply@northbeam.example>',
      to: 'reader@example.com',
      subject: 'The headers and the body',
      messageId: '<one.reader@northbeam.newsletter>',
      headers: { 'List-Unsubscribe': '<https://northbeam.example/newsletter/unsubscribe>' },
      text: 'The words of the message.',
      html: '<p>The words of the message.</p>',
    });
  } finally {
    transport.close();
  }
  return (await sink.waitFor(1))[0]!;
}

describe('the SMTP sink of the tests', () => {
  it('parses each mail whole by default: its addresses, headers, text and HTML', async () => {
    const mail = await sendOne(false);
    expect(mail.to && 'value' in mail.to ? mail.to.value[0]!.address : undefined).toBe('reader@example.com');
    expect(mail.messageId).toBe('<one.reader@northbeam.newsletter>');
    expect(mail.text?.trim()).toBe('The words of the message.');
    expect(mail.html).toContain('<p>The words of the message.</p>');
  });

  it('parses only the header when asked, and still takes the whole message and every header', async () => {
    const mail = await sendOne(true);
    expect(sink!.mails).toHaveLength(1);
    expect(mail.to && 'value' in mail.to ? mail.to.value[0]!.address : undefined).toBe('reader@example.com');
    expect(mail.messageId).toBe('<one.reader@northbeam.newsletter>');
    expect(mail.subject).toBe('The headers and the body');
    expect(mail.headerLines.find((line) => line.key === 'list-unsubscribe')?.line).toBe(
      'List-Unsubscribe: <https://northbeam.example/newsletter/unsubscribe>',
    );
    expect(mail.html).toBe(false);
    expect(mail.text ?? '').not.toContain('The words of the message.');
  });
});
