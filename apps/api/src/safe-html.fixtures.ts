import { expect } from 'vitest'

/**
 * Known XSS payloads (OWASP cheat sheet, PortSwigger's list, mutation XSS reports against HTML
 * sanitisers) for tests of every stored HTML field.
 */
export const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)><circle r=1 /></svg>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt&colon;alert(1)">click</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>',
  '<object data="https://evil.example/x.swf"></object><embed src="https://evil.example/x.swf">',
  '<body onload=alert(1)>',
  '<div style="background:url(javascript:alert(1))">styled</div>',
  '<p onclick="alert(1)" onmouseover="alert(1)">handlers</p>',
  '<form action="https://evil.example"><input name=a autofocus onfocus=alert(1)><button>go</button></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<svg><style><img src=x onerror=alert(1)></style></svg>',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<link rel=stylesheet href="https://evil.example/x.css"><base href="https://evil.example/">',
  '<img src="//evil.example/track.gif">',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '"><script>alert(1)</script>',
  '<img src="x" alt="`><script>alert(1)</script>">',
  '<a href="https://ok.example" target="_blank">new tab</a>',
  '<template><script>alert(1)</script></template>',
  '<details open ontoggle=alert(1)>x</details>',
] as const

/** Asserts `html` can run nothing: no script element, no handler attribute, no script URL, no frame. */
export function expectHarmless(html: string, payload: string): void {
  const lower = html.toLowerCase()
  expect(lower, payload).not.toMatch(
    /<script|<iframe|<object|<embed|<svg|<math|<style|<meta|<link|<base|<form|<input|<template|<noscript|<body/,
  )
  expect(lower, payload).not.toMatch(/\son[a-z]+\s*=/)
  expect(lower, payload).not.toMatch(/(href|src|action|data)\s*=\s*["']?\s*(javascript|vbscript|data):/)
  expect(lower, payload).not.toMatch(/src="\/\//)
  expect(lower, payload).not.toMatch(/style\s*=/)
  // Links to a new tab cannot reach back to this page.
  for (const anchor of lower.match(/<a [^>]*target=[^>]*>/g) ?? []) {
    expect(anchor, payload).toContain('noopener')
  }
}
