import { Node } from '@tiptap/core';
import { cleanArticleHtml } from './clean-html.ts';

// Blocks the visual editor has no tools for (uploaded video, audio and image figures, tables)
// are kept whole: an atom that holds its original HTML and writes it back unchanged, so
// switching between the visual editor and raw HTML never drops them.
const KEPT_TAGS = ['figure', 'video', 'audio', 'table', 'pre'];

export const RawBlock = Node.create({
  name: 'rawBlock',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: false,
  // Above paragraphs and images, so a figure is taken whole before its <img> is parsed alone.
  priority: 1000,
  addAttributes() {
    return {
      // Cleaned as it is read: the block's HTML is what the server would store.
      html: { default: '', rendered: false, parseHTML: (element: HTMLElement) => cleanArticleHtml(element.outerHTML) },
    };
  },
  parseHTML() {
    return KEPT_TAGS.map((tag) => ({ tag }));
  },
  renderHTML({ node }) {
    // This element goes into the live page: cleaned again here, whatever set the attribute.
    const template = document.createElement('template');
    template.innerHTML = cleanArticleHtml(String(node.attrs.html ?? ''));
    return template.content.firstElementChild ?? ['p'];
  },
});
