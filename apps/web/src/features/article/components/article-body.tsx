import { useMemo, type ReactNode } from 'react';
import { splitBodyVideos, type BodySegment } from '../body-segments.ts';

export type BodyVideo = Extract<BodySegment, { kind: 'video' }>;

/**
 * Spec 02 §2 item 12: the body (cleaned by toDisplayArticle) with its embedded videos
 * handed to `renderVideo`, which puts the site's player in their place.
 */
export function ArticleBody({ html, renderVideo }: { html: string; renderVideo: (video: BodyVideo) => ReactNode }) {
  const segments = useMemo(() => splitBodyVideos(html), [html]);
  return (
    <div className="mt-4" data-testid="article-body">
      {segments.map((segment, index) =>
        segment.kind === 'html'
          ? <div key={index} className="prose-fa" dangerouslySetInnerHTML={{ __html: segment.html }} />
          : <div key={index}>{renderVideo(segment)}</div>,
      )}
    </div>
  );
}

export const hasEmbeddedVideo = (html: string) => html.includes('<video');
