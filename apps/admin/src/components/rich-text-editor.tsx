import { useEffect, useState, type ReactNode } from 'react'
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import Image from '@tiptap/extension-image'
import { useTranslation } from 'react-i18next'
import { cleanPastedHtml, isOwnPicture } from './pasted-html.ts'

/**
 * The rich-text editor of stored HTML (issue 43; decision 057): Tiptap (ProseMirror) with bold,
 * italic, headings 2–4, lists, links and quotes, and the shop's own pictures (/media/…) only. What
 * it writes is plain semantic HTML the server's one sanitiser (apps/api/src/safe-html.ts) keeps as
 * it is. Pasting from Word or Google Docs keeps headings, lists, bold, italic and links and drops
 * styles, classes and other hosts' pictures (the schema has no place for them; Word's list
 * paragraphs become lists first, pasted-html.ts). A "HTML" switch shows the source, for what the
 * editor has no button for (a table typed by hand stays only there: the editor would flatten it).
 */
export interface RichTextEditorProps {
  id: string
  label: string
  value: string
  onChange: (html: string) => void
  'aria-invalid'?: boolean
  'aria-describedby'?: string
}

const ProductImage = Image.extend({
  parseHTML() {
    return [
      {
        tag: 'img[src]',
        getAttrs: (element) => (isOwnPicture(element.getAttribute('src') ?? '') ? null : false),
      },
    ]
  },
})

export function RichTextEditor(props: RichTextEditorProps) {
  const { t } = useTranslation()
  const [source, setSource] = useState(false)
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        // No empty paragraph kept after a heading or a list: the stored HTML is what was written.
        trailingNode: false,
        link: {
          openOnClick: false,
          // A plain link: the shop's links open in place; the server adds rel to any with a target.
          HTMLAttributes: { target: null, rel: null },
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['mailto', 'tel'],
          isAllowedUri: (url, { defaultValidate }) =>
            /^(https?:|mailto:|tel:|\/(?!\/))/i.test(url) && defaultValidate(url),
        },
      }),
      ProductImage.configure({ allowBase64: false }),
    ],
    content: props.value,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        id: props.id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': props.label,
        ...(props['aria-describedby'] ? { 'aria-describedby': props['aria-describedby'] } : {}),
        'aria-invalid': String(Boolean(props['aria-invalid'])),
        class:
          'rich-text min-h-40 rounded-b-md border border-slate-300 px-3 py-2 text-sm focus:outline-2 focus:outline-slate-900',
      },
      transformPastedHTML: cleanPastedHtml,
    },
    onUpdate: ({ editor }) => props.onChange(editor.isEmpty ? '' : editor.getHTML()),
  })
  // A value set from outside (the saved product, a reset) replaces the content.
  useEffect(() => {
    if (!editor || source) return
    const current = editor.isEmpty ? '' : editor.getHTML()
    if (props.value !== current) editor.commands.setContent(props.value, { emitUpdate: false })
  }, [editor, props.value, source])

  return (
    <div className="flex flex-col">
      <Toolbar editor={editor} source={source} onSource={() => setSource((on) => !on)} />
      {source ? (
        <textarea
          id={props.id}
          aria-label={`${props.label} (HTML)`}
          aria-describedby={props['aria-describedby']}
          aria-invalid={props['aria-invalid']}
          rows={10}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
          className="w-full rounded-b-md border border-slate-300 px-3 py-2 font-mono text-sm"
        />
      ) : (
        <EditorContent editor={editor} />
      )}
      <p className="sr-only" aria-live="polite">
        {source ? t('editor.sourceOn') : ''}
      </p>
    </div>
  )
}

function Toolbar({ editor, source, onSource }: { editor: Editor; source: boolean; onSource: () => void }) {
  const { t } = useTranslation()
  const [linking, setLinking] = useState<string | null>(null)
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullets: e.isActive('bulletList'),
      numbers: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      href: (e.getAttributes('link').href as string | undefined) ?? '',
    }),
  })
  const chain = () => editor.chain().focus()
  const tool = (label: string, pressed: boolean, run: () => void, face: ReactNode) => (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={source}
      onMouseDown={(event) => event.preventDefault()}
      onClick={run}
      className={`min-h-8 min-w-8 rounded px-2 text-sm ${pressed ? 'bg-slate-900 text-white' : 'hover:bg-slate-200'} disabled:text-slate-400`}
    >
      {face}
    </button>
  )
  const applyLink = () => {
    const href = (linking ?? '').trim()
    if (href === '') chain().extendMarkRange('link').unsetLink().run()
    else chain().extendMarkRange('link').setLink({ href }).run()
    setLinking(null)
  }
  return (
    <div className="flex flex-col rounded-t-md border border-b-0 border-slate-300 bg-slate-50">
      <div role="toolbar" aria-label={t('editor.toolbar')} className="flex flex-wrap items-center gap-1 p-1">
        {tool(t('editor.bold'), state.bold, () => chain().toggleBold().run(), <b>B</b>)}
        {tool(t('editor.italic'), state.italic, () => chain().toggleItalic().run(), <i>I</i>)}
        {tool(
          t('editor.heading', { level: 2 }),
          state.h2,
          () => chain().toggleHeading({ level: 2 }).run(),
          'H2',
        )}
        {tool(
          t('editor.heading', { level: 3 }),
          state.h3,
          () => chain().toggleHeading({ level: 3 }).run(),
          'H3',
        )}
        {tool(t('editor.bullets'), state.bullets, () => chain().toggleBulletList().run(), '•')}
        {tool(t('editor.numbers'), state.numbers, () => chain().toggleOrderedList().run(), '1.')}
        {tool(t('editor.quote'), state.quote, () => chain().toggleBlockquote().run(), '❝')}
        {tool(t('editor.link'), state.link, () => setLinking(state.href), '🔗')}
        <span className="ml-auto" />
        <button
          type="button"
          aria-pressed={source}
          onClick={onSource}
          className={`min-h-8 rounded px-2 font-mono text-xs ${source ? 'bg-slate-900 text-white' : 'hover:bg-slate-200'}`}
        >
          HTML
        </button>
      </div>
      {linking !== null && (
        <div className="flex flex-wrap items-center gap-2 border-t border-slate-200 p-2">
          <label className="flex flex-1 items-center gap-2 text-xs font-medium">
            {t('editor.linkAddress')}
            <input
              autoFocus
              value={linking}
              onChange={(event) => setLinking(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault()
                  applyLink()
                } else if (event.key === 'Escape') setLinking(null)
              }}
              placeholder="https://… /shop/…"
              className="min-w-0 flex-1 rounded border border-slate-300 px-2 py-1 text-sm"
            />
          </label>
          <button
            type="button"
            onClick={applyLink}
            className="rounded border border-slate-300 bg-white px-2 py-1 text-xs"
          >
            {t('editor.linkApply')}
          </button>
          <button type="button" onClick={() => setLinking(null)} className="px-2 py-1 text-xs underline">
            {t('common.cancel')}
          </button>
        </div>
      )}
    </div>
  )
}
