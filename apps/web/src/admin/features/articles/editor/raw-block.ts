import { Node } from '@tiptap/core';

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
      html: { default: '', rendered: false, parseHTML: (element: HTMLElement) => element.outerHTML },
    };
  },
  parseHTML() {
    return KEPT_TAGS.map((tag) => ({ tag }));
  },
  renderHTML({ node }) {
    const template = document.createElement('template');
    template.innerHTML = String(node.attrs.html ?? '');
    return template.content.firstElementChild ?? ['p'];
  },
});
