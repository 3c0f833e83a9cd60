import { useEffect, useId, useRef, useState } from 'react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { Bold, Code2, Heading2, Heading3, ImagePlus, Italic, Link2, List, ListOrdered, Type } from 'lucide-react';
import { buttonStyles, focusRing, inputStyles } from '../../../../components/ui/button-styles.ts';
import { adminButton } from '../../../components/styles.ts';
import { cn } from '../../../../lib/cn.ts';
import { cleanArticleHtml } from './clean-html.ts';
import { RawBlock } from './raw-block.ts';

export type EditorMode = 'visual' | 'html';

interface RichEditorProps {
  value: string;
  onChange: (html: string) => void;
  mode: EditorMode;
  onModeChange: (mode: EditorMode) => void;
  labelId: string;
}

const toolButton = cn('inline-flex size-9 items-center justify-center rounded-md text-fg hover:bg-surface aria-pressed:bg-accent-soft aria-pressed:text-accent dark:aria-pressed:text-red-200', focusRing);

/**
 * The article body: TipTap (right-to-left; bold, italic, h2, h3, lists, link, image) or the raw
 * HTML. The HTML string is the value; the editor only writes it when the admin edits there, so
 * switching modes back and forth changes nothing.
 */
export function RichEditor({ value, onChange, mode, onModeChange, labelId }: RichEditorProps) {
  const emitted = useRef(value);
  const [prompt, setPrompt] = useState<null | 'link' | 'image'>(null);
  const [promptValue, setPromptValue] = useState('');
  const promptId = useId();
  // The document is built from cleaned HTML: what the admin typed in HTML mode or pasted
  // never reaches the live page as it was.
  const [initialContent] = useState(() => cleanArticleHtml(value));
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3, 4] }, link: { openOnClick: false, autolink: true } }),
      Image,
      RawBlock,
    ],
    content: initialContent,
    editorProps: {
      transformPastedHTML: cleanArticleHtml,
      attributes: {
        dir: 'rtl',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        class: cn('prose-fa min-h-64 rounded-b-lg border border-t-0 border-border bg-card px-4 py-2 outline-none focus-visible:outline-3 focus-visible:outline-ring'),
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = e.getHTML();
      emitted.current = html;
      onChange(html);
    },
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
      link: e?.isActive('link') ?? false,
    }),
  });

  // A value from outside (HTML mode, upload, AI, a restored version) replaces the document.
  useEffect(() => {
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(cleanArticleHtml(value), { emitUpdate: false });
  }, [editor, value]);

  const applyPrompt = () => {
    const url = promptValue.trim();
    if (editor && prompt === 'link') {
      if (url) editor.chain().focus().extendMarkRange('link').setLink({ href: url }).run();
      else editor.chain().focus().extendMarkRange('link').unsetLink().run();
    }
    if (editor && prompt === 'image' && url) editor.chain().focus().setImage({ src: url }).run();
    setPrompt(null);
    setPromptValue('');
  };

  const tools = [
    { label: 'پررنگ', icon: Bold, pressed: active?.bold, run: () => editor?.chain().focus().toggleBold().run() },
    { label: 'مورب', icon: Italic, pressed: active?.italic, run: () => editor?.chain().focus().toggleItalic().run() },
    { label: 'تیتر ۲', icon: Heading2, pressed: active?.h2, run: () => editor?.chain().focus().toggleHeading({ level: 2 }).run() },
    { label: 'تیتر ۳', icon: Heading3, pressed: active?.h3, run: () => editor?.chain().focus().toggleHeading({ level: 3 }).run() },
    { label: 'فهرست نشانه‌دار', icon: List, pressed: active?.bullet, run: () => editor?.chain().focus().toggleBulletList().run() },
    { label: 'فهرست شماره‌دار', icon: ListOrdered, pressed: active?.ordered, run: () => editor?.chain().focus().toggleOrderedList().run() },
    { label: 'پیوند', icon: Link2, pressed: active?.link, run: () => { setPromptValue(editor?.getAttributes('link').href ?? ''); setPrompt('link'); } },
    { label: 'درج تصویر', icon: ImagePlus, pressed: undefined, run: () => { setPromptValue(''); setPrompt('image'); } },
  ];

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-t-lg border border-border bg-surface p-1">
        <div role="toolbar" aria-label="ابزارهای ویرایشگر" className={cn('flex flex-wrap gap-0.5', mode === 'html' && 'invisible')}>
          {tools.map((tool) => (
            <button key={tool.label} type="button" onClick={tool.run} aria-label={tool.label} title={tool.label} aria-pressed={tool.pressed} className={toolButton}>
              <tool.icon aria-hidden="true" className="size-4" />
            </button>
          ))}
        </div>
        <div role="group" aria-label="حالت ویرایش" className="flex gap-0.5">
          <button type="button" aria-pressed={mode === 'visual'} onClick={() => onModeChange('visual')} className={cn(toolButton, 'w-auto gap-1 px-2 text-sm')}>
            <Type aria-hidden="true" className="size-4" />
            ویرایشگر
          </button>
          <button type="button" aria-pressed={mode === 'html'} onClick={() => onModeChange('html')} className={cn(toolButton, 'w-auto gap-1 px-2 text-sm')}>
            <Code2 aria-hidden="true" className="size-4" />
            کد خام
          </button>
        </div>
      </div>
      {prompt && mode === 'visual' && (
        <div className="flex flex-wrap items-end gap-2 border-x border-border bg-surface p-2">
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <label htmlFor={promptId} className="text-sm">{prompt === 'link' ? 'نشانی پیوند (خالی برای برداشتن پیوند)' : 'نشانی تصویر'}</label>
            <input
              id={promptId}
              dir="ltr"
              autoFocus
              value={promptValue}
              onChange={(e) => setPromptValue(e.target.value)}
              onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); applyPrompt(); } if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); setPrompt(null); } }}
              className={inputStyles}
            />
          </div>
          <button type="button" onClick={applyPrompt} className={adminButton.primary}>اعمال</button>
          <button type="button" onClick={() => setPrompt(null)} className={buttonStyles.secondary}>انصراف</button>
        </div>
      )}
      <div hidden={mode !== 'visual'}>
        <EditorContent editor={editor} />
      </div>
      {mode === 'html' && (
        <textarea
          aria-labelledby={labelId}
          dir="ltr"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          rows={16}
          spellCheck={false}
          className={cn(inputStyles, 'rounded-t-none font-mono text-xs leading-6')}
        />
      )}
    </div>
  );
}
