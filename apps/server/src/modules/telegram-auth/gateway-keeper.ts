// One live gateway per process, for the session currently stored. Every process
// reads the sealed session from the database; a process whose gateway was built
// from another version (another process logged in or out) builds a new one.
import type { FastifyBaseLogger } from 'fastify';
import {
  loadMtprotoSource, withFloodWait, type FloodWaitPolicy, type MtprotoGateway, type MtprotoGatewayFactory, type MtprotoSource,
} from '../../integrations/telegram/mtproto/index.ts';
import { SESSION_KEY } from './repo.ts';
import { openSecret, sealSecret, type SealedSecret } from './session-crypto.ts';

interface Live {
  gateway: MtprotoGateway;
  /** Ciphertext of the stored session this gateway speaks for; null until first stored. */
  sealedData: string | null;
  source?: MtprotoSource;
}

export class GatewayKeeper {
  private live: Live | null = null;
  private readonly unreadable = new Set<string>();

  constructor(private readonly options: {
    create: MtprotoGatewayFactory;
    secret: string;
    floodWait?: FloodWaitPolicy;
    log: Pick<FastifyBaseLogger, 'warn'>;
  }) {}

  /** The gateway for the stored session; null when SESSION_SECRET no longer opens it. */
  forStored(sealed: SealedSecret): MtprotoGateway | null {
    if (this.live?.sealedData === sealed.data) return this.live.gateway;
    if (this.unreadable.has(sealed.data)) return null;
    const session = openSecret(sealed, this.options.secret, SESSION_KEY);
    try {
      if (session !== null) return this.replace(session, sealed.data);
      this.options.log.warn('The stored Telegram session cannot be decrypted (SESSION_SECRET changed?); Telegram counts as logged out');
    } catch (error) {
      this.options.log.warn({ err: error }, 'The stored Telegram session is not usable; Telegram counts as logged out');
    }
    this.unreadable.add(sealed.data);
    return null;
  }

  canOpen(sealed: SealedSecret): boolean {
    return this.forStored(sealed) !== null;
  }

  /** A gateway with a new, empty session, for a login from the start. */
  fresh(): MtprotoGateway {
    return this.replace('', null);
  }

  /** Seals the gateway's current session for storage; it then counts as the stored one. */
  seal(gateway: MtprotoGateway): SealedSecret {
    const sealed = sealSecret(gateway.exportSession(), this.options.secret, SESSION_KEY);
    if (this.live?.gateway === gateway) this.live.sealedData = sealed.data;
    return sealed;
  }

  async sourceFor(gateway: MtprotoGateway): Promise<MtprotoSource> {
    const source = this.live?.gateway === gateway ? this.live.source : undefined;
    if (source) return source;
    const created = await loadMtprotoSource(gateway);
    if (this.live?.gateway === gateway) this.live.source = created;
    return created;
  }

  async drop(): Promise<void> {
    const previous = this.live;
    this.live = null;
    await previous?.gateway.disconnect().catch((error: unknown) => this.options.log.warn({ err: error }, 'Closing the Telegram connection failed'));
  }

  private replace(session: string, sealedData: string | null): MtprotoGateway {
    void this.drop();
    const gateway = withFloodWait(this.options.create(session), this.options.floodWait);
    this.live = { gateway, sealedData };
    return gateway;
  }
}
