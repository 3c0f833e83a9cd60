// The MTProto source's public surface: modules import from here only.
// GramJS takes about 0.4 s and several MB to load and is needed only once
// TELEGRAM_API_ID/HASH are set, so the parts that use it load on first use.
import type { MtprotoGateway, MtprotoGatewayFactory } from './gateway.ts';
import type { GramjsGatewayOptions } from './gramjs-gateway.ts';
import type { MtprotoSource, MtprotoSourceOptions } from './mtproto-source.ts';

export type { FetchMessagesOptions, MessageBatch, MtprotoGateway, MtprotoGatewayFactory, MtprotoUser, PeerInfo, SentCode } from './gateway.ts';
export type { GramjsGatewayOptions } from './gramjs-gateway.ts';
export type { MtprotoSource, MtprotoSourceOptions } from './mtproto-source.ts';
export { MtprotoError, isMtprotoError, type MtprotoErrorCode } from './mtproto-error.ts';
export { DEFAULT_FLOOD_WAIT, floodWaitError, persianWait, retryAfterFloodWait, withFloodWait, type FloodWaitPolicy } from './flood-wait.ts';
export { isMediaRef, mediaRef, parseMediaRef, type MediaRef } from './media-ref.ts';

/** Gateways over GramJS with these app credentials; each call resumes the given session. */
export async function loadGramjsGatewayFactory(options: Omit<GramjsGatewayOptions, 'session'>): Promise<MtprotoGatewayFactory> {
  const { createGramjsGateway } = await import('./gramjs-gateway.ts');
  return (session) => createGramjsGateway({ ...options, session });
}

/** createMtprotoSource (see mtproto-source.ts), loaded on first use. */
export async function loadMtprotoSource(gateway: MtprotoGateway, options?: MtprotoSourceOptions): Promise<MtprotoSource> {
  const { createMtprotoSource } = await import('./mtproto-source.ts');
  return createMtprotoSource(gateway, options);
}
