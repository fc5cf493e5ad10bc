import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** The header of a message: its bytes up to the first empty line. */
async function headerOf(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  const message = Buffer.concat(chunks);
  const end = message.indexOf('\r\n\r\n');
  return end === -1 ? message : message.subarray(0, end + 4);
}

export interface SmtpSinkOptions {
  /**
   * Parse only each mail's header (its addresses, subject, Message-ID and other headers; no text, HTML or
   * attachments): for tests that count thousands of messages, which parsing the bodies of made CPU-bound.
   */
  headersOnly?: boolean;
}

/** A real SMTP server in the test process, keeping every mail it receives, parsed. */
export class SmtpSink {
  readonly mails: ParsedMail[] = [];
  /** When each mail of `mails` arrived (performance.now()), at the end of its DATA. */
  readonly arrivedAt: number[] = [];
  private server: SMTPServer | undefined;

  constructor(
    readonly port: number,
    private readonly options: SmtpSinkOptions = {},
  ) {}

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, callback) => {
        (this.options.headersOnly
          ? headerOf(stream).then((header) => simpleParser(header))
          : simpleParser(stream)
        ).then(
          (mail) => {
            this.arrivedAt.push(performance.now());
            this.mails.push(mail);
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
    // A sender killed mid-conversation (the crash test does it on purpose) resets its connection: not the sink's fault.
    this.server.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET') throw error;
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Waits until `count` mails have arrived, or fails after `timeoutMs`. */
  async waitFor(count: number, timeoutMs = 10_000): Promise<ParsedMail[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.mails.length < count) {
      if (Date.now() > deadline) throw new Error(`${this.mails.length} of ${count} mails arrived in ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return this.mails;
  }
}
