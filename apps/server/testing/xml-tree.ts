// A strict XML reader for tests of the feeds (saxes: well-formedness and namespace errors
// throw) into a small tree, with finders by element name.
import { SaxesParser } from 'saxes';

export interface XmlNode { name: string; attrs: Record<string, string>; children: XmlNode[]; text: string }

export function parseXml(xml: string): XmlNode {
  const parser = new SaxesParser({ xmlns: true });
  const root: XmlNode = { name: '#document', attrs: {}, children: [], text: '' };
  const stack = [root];
  parser.on('error', (err) => { throw err; });
  parser.on('opentag', (tag) => {
    const node: XmlNode = { name: tag.name, attrs: Object.fromEntries(Object.entries(tag.attributes).map(([k, a]) => [k, a.value])), children: [], text: '' };
    stack[stack.length - 1].children.push(node);
    stack.push(node);
  });
  parser.on('text', (text) => { stack[stack.length - 1].text += text; });
  parser.on('closetag', () => { stack.pop(); });
  parser.write(xml).close();
  return root.children[0];
}

/** Every element of this name under the node, in document order. */
export const allNamed = (node: XmlNode, name: string): XmlNode[] =>
  node.children.flatMap((c) => [...(c.name === name ? [c] : []), ...allNamed(c, name)]);

/** The first element of this name under the node; a test fails at once when there is none. */
export function firstNamed(node: XmlNode, name: string): XmlNode {
  const found = allNamed(node, name)[0];
  if (!found) throw new Error(`no <${name}> element`);
  return found;
}
