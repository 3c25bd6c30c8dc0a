import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { RichTextEditor } from './rich-text-editor.tsx'
import { cleanPastedHtml } from './pasted-html.ts'

// jsdom has no ClipboardEvent; ProseMirror's pasteHTML makes one to paste as a browser would.
globalThis.ClipboardEvent ??= class extends Event {
  clipboardData = null
} as unknown as typeof ClipboardEvent

/** The editor under a form's state: what it sends on each change is kept. */
function Harness({ initial, sent }: { initial: string; sent: string[] }) {
  const [value, setValue] = useState(initial)
  return (
    <RichTextEditor
      id="description"
      label="Description"
      value={value}
      onChange={(html) => {
        sent.push(html)
        setValue(html)
      }}
    />
  )
}

const editorView = () => {
  const box = screen.getByRole('textbox', { name: 'Description' })
  return (box as HTMLElement & { editor?: { view: { pasteHTML: (html: string) => void } } }).editor!
}

describe('RichTextEditor', () => {
  it('shows stored HTML and writes semantic HTML when bold, a heading and a list are applied', async () => {
    const sent: string[] = []
    render(<Harness initial="<p>Katun lembut</p>" sent={sent} />)
    const box = await screen.findByRole('textbox', { name: 'Description' })
    expect(box.innerHTML).toContain('Katun lembut')
    const editor = (box as unknown as { editor: import('@tiptap/react').Editor }).editor
    act(() => {
      editor.commands.selectAll()
    })
    fireEvent.click(screen.getByRole('button', { name: 'Bold' }))
    await waitFor(() => expect(sent.at(-1)).toBe('<p><strong>Katun lembut</strong></p>'))
    expect(screen.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(screen.getByRole('button', { name: 'Heading 2' }))
    await waitFor(() => expect(sent.at(-1)).toBe('<h2><strong>Katun lembut</strong></h2>'))
    fireEvent.click(screen.getByRole('button', { name: 'Heading 2' }))
    fireEvent.click(screen.getByRole('button', { name: 'Bulleted list' }))
    await waitFor(() => expect(sent.at(-1)).toBe('<ul><li><p><strong>Katun lembut</strong></p></li></ul>'))
  })

  it('links the selection through its address field, and only to web, mail, phone or shop addresses', async () => {
    const sent: string[] = []
    render(<Harness initial="<p>Panduan ukuran</p>" sent={sent} />)
    const box = await screen.findByRole('textbox', { name: 'Description' })
    const editor = (box as unknown as { editor: import('@tiptap/react').Editor }).editor
    act(() => {
      editor.commands.selectAll()
    })
    fireEvent.click(screen.getByRole('button', { name: 'Link' }))
    fireEvent.change(screen.getByLabelText('Link address'), { target: { value: '/pages/size-guide' } })
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }))
    await waitFor(() =>
      expect(sent.at(-1)).toContain('<p><a href="/pages/size-guide">Panduan ukuran</a></p>'),
    )
    act(() => {
      editor.commands.setContent('<p><a href="javascript:alert(1)">x</a></p>')
    })
    expect(editor.getHTML()).toBe('<p>x</p>')
  })

  it('keeps structure and drops styles and other hosts’ pictures when Google Docs or Word HTML is pasted', async () => {
    const sent: string[] = []
    render(<Harness initial="" sent={sent} />)
    await screen.findByRole('textbox', { name: 'Description' })
    const docs =
      '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1"><h1 style="font-size:24pt"><span style="color:#ff0000">Bahan</span></h1>' +
      '<p dir="ltr" style="line-height:1.38"><span style="font-weight:700;font-family:Arial">Katun</span><span style="font-style:italic"> combed 30s</span></p>' +
      '<ul><li style="list-style-type:disc"><p><span>Adem</span></p></li></ul><img src="https://evil.example/x.png"><img src="/media/v1/u/a.webp"></b>'
    act(() => editorView().view.pasteHTML(docs))
    await waitFor(() =>
      expect(sent.at(-1)).toBe(
        '<h2>Bahan</h2><p><strong>Katun</strong><em> combed 30s</em></p><ul><li><p>Adem</p></li></ul><img src="/media/v1/u/a.webp">',
      ),
    )
  })

  it('shows and edits the HTML source behind its switch', async () => {
    const sent: string[] = []
    render(<Harness initial="<p>Satu</p>" sent={sent} />)
    await screen.findByRole('textbox', { name: 'Description' })
    fireEvent.click(screen.getByRole('button', { name: 'HTML' }))
    const source = screen.getByRole('textbox', { name: 'Description (HTML)' })
    expect((source as HTMLTextAreaElement).value).toBe('<p>Satu</p>')
    fireEvent.change(source, { target: { value: '<table><tr><td>S</td></tr></table>' } })
    expect(sent.at(-1)).toBe('<table><tr><td>S</td></tr></table>')
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveProperty('disabled', true)
  })
})

describe('cleanPastedHtml', () => {
  it("turns Word's list paragraphs into lists, numbered or bulleted, without the typed bullets", () => {
    const word =
      '<p class=MsoNormal>Perawatan:</p>' +
      '<p class=MsoListParagraphCxSpFirst style="mso-list:l0 level1 lfo1"><![if !supportLists]><span style="mso-list:Ignore">1.<span>&nbsp;</span></span><![endif]>Cuci dingin</p>' +
      '<p class=MsoListParagraphCxSpLast style="mso-list:l0 level1 lfo1"><span style="mso-list:Ignore">2.<span>&nbsp;</span></span>Jangan diputih</p>' +
      '<p class=MsoListParagraph style="mso-list:l1 level1 lfo2"><span style="font-family:Symbol;mso-list:Ignore">·</span>Lembut</p>'
    const cleaned = cleanPastedHtml(word)
    expect(cleaned.replace(/\s+/g, ' ')).toBe(
      '<p class="MsoNormal">Perawatan:</p><ol><li>Cuci dingin</li><li>Jangan diputih</li></ol>' +
        '<ul><li>Lembut</li></ul>'.replace(/\s+/g, ' '),
    )
  })
})
