// The Telegram integration's public surface: modules import from here only.
export type {
  ChannelPage,
  FetchPageOptions,
  TelegramDocument,
  TelegramLinkPreview,
  TelegramPhoto,
  TelegramPost,
  TelegramSource,
  TelegramVideo,
  TelegramVoice,
} from './types.ts';
export { TelegramFetchError, type TelegramFetchErrorCode } from './telegram-fetch-error.ts';
export { createWebPreviewSource, type WebPreviewSourceOptions } from './web-preview-source.ts';
export { parseChannelPage, parseEmbedPost } from './parse-channel-page.ts';
export { parseViews, parseDuration } from './markup-values.ts';
export { fetchMediaSafely, fetchMediaToFile, MediaFetchError, type MediaFetchErrorCode, type MediaFetchPolicy, type FetchedMedia } from './safe-media-fetch.ts';
export { TELEGRAM_MEDIA_HOSTS, hostAllowed, isPrivateAddress } from './address-policy.ts';
export { fetchTelegraphArticle, parseTelegraphPage, telegraphLinks, type TelegraphArticle } from './telegraph.ts';
export { createDirectorySource, type DirectorySourceOptions } from './directory-source.ts';
export {
  describeProxy, gramjsProxy, mtprotoRoute, parseMtprotoProxy, parseProxyUrl, type MtprotoProxy, type TelegramProxy, type TelegramProxyKind,
} from './proxy-settings.ts';
export { probeThroughProxy, proxyDispatcher, tcpReachable } from './proxy-dispatcher.ts';
