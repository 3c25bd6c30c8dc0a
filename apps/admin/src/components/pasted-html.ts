/**
 * What the rich-text editor does to pasted HTML before its schema reads it (issue 43). The schema
 * already drops styles, classes, fonts and unknown elements; this does what it cannot:
 * - Word (desktop) writes a list as paragraphs (`class="MsoListParagraph…"`, `mso-list:` in the
 *   style) with the bullet or number typed in a hidden span: those runs become <ul>/<ol> items,
 *   the typed bullet dropped (nested levels come out as one flat list).
 * - Google Docs wraps the whole paste in `<b style="font-weight:normal">`: unwrapped, so the text
 *   is not made bold.
 * - h1 becomes h2 (the product's name is the page's h1), h5 and h6 become h4.
 * - Comments (Word's conditional ones hold its bullets) go.
 */
export function cleanPastedHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html')
  const body = doc.body
  const walker = doc.createTreeWalker(body, NodeFilter.SHOW_COMMENT)
  const comments: Node[] = []
  while (walker.nextNode()) comments.push(walker.currentNode)
  for (const comment of comments) comment.parentNode?.removeChild(comment)

  for (const wrapper of [...body.querySelectorAll('b[id^="docs-internal-guid"]')]) unwrap(wrapper)
  // Word's typed bullet or number, kept aside to tell a numbered list from a bulleted one.
  for (const ignored of [...body.querySelectorAll('span[style*="mso-list"]')])
    if (/mso-list:\s*ignore/i.test(ignored.getAttribute('style') ?? '')) {
      const paragraph = ignored.closest('p')
      if (paragraph && !paragraph.hasAttribute('data-bullet'))
        paragraph.setAttribute('data-bullet', (ignored.textContent ?? '').trim())
      ignored.remove()
    }

  for (const heading of [...body.querySelectorAll('h1, h5, h6')])
    rename(heading, heading.tagName === 'H1' ? 'h2' : 'h4')

  // Word's list paragraphs, run by run.
  const isListParagraph = (node: Element | null): node is Element =>
    !!node &&
    node.tagName === 'P' &&
    (/MsoListParagraph/i.test(node.className) || /mso-list:\s*l\d/i.test(node.getAttribute('style') ?? ''))
  for (const first of [...body.querySelectorAll('p')]) {
    if (!first.isConnected || !isListParagraph(first) || isListParagraph(first.previousElementSibling))
      continue
    const run: Element[] = []
    for (
      let node: Element | null = first;
      isListParagraph(node) && listOf(node) === listOf(first);
      node = node.nextElementSibling
    )
      run.push(node)
    const ordered = /^\s*(\d+|[a-z]|[ivx]+)[.)]/i.test(
      run[0]!.getAttribute('data-bullet') ?? bulletOf(run[0]!),
    )
    const list = doc.createElement(ordered ? 'ol' : 'ul')
    first.before(list)
    for (const paragraph of run) {
      const item = doc.createElement('li')
      item.append(...paragraph.childNodes)
      stripTypedBullet(item)
      list.append(item)
      paragraph.remove()
    }
  }
  return body.innerHTML
}

/** A picture the shop may show: one of its own, under /media/, written as a path. */
export const isOwnPicture = (src: string) => /^\/media\/(?!.*\.\.)[^\s]*$/.test(src.trim())

/** Word's list of a list paragraph (`mso-list:l0 level1 lfo1` is list l0). */
const listOf = (paragraph: Element) =>
  /mso-list:\s*(l\d+)/i.exec(paragraph.getAttribute('style') ?? '')?.[1] ?? ''

function unwrap(element: Element) {
  element.replaceWith(...element.childNodes)
}

function rename(element: Element, tag: string) {
  const renamed = element.ownerDocument.createElement(tag)
  renamed.append(...element.childNodes)
  element.replaceWith(renamed)
}

/** The bullet or number Word typed at the start of a list paragraph ("·", "1.", "a)"). */
function bulletOf(paragraph: Element): string {
  return (paragraph.textContent ?? '').trimStart().slice(0, 4)
}

/** Drops a bullet typed as text at the start of an item ("· ", "1. ", "o "), when Word left it there. */
function stripTypedBullet(item: Element) {
  const first = item.firstChild
  if (first?.nodeType === Node.TEXT_NODE)
    first.textContent = (first.textContent ?? '').replace(/^\s*([·•o§▪–-]|\d+[.)]|[a-z][.)])\s+/i, '')
}
