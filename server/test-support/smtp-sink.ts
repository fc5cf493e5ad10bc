import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server in the test process, keeping every mail it receives, parsed. */
export class SmtpSink {
  readonly mails: ParsedMail[] = [];
  /** When each mail of `mails` arrived (performance.now()), at the end of its DATA. */
  readonly arrivedAt: number[] = [];
  private server: SMTPServer | undefined;

  constructor(readonly port: number) {}

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream).then(
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
