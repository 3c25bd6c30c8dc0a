import { createContext, useContext } from 'react'

/**
 * The Content-Security-Policy nonce of the answer being rendered (entry.server.tsx provides it from
 * the load context). Undefined in the browser: browsers hide nonces from the page once it is parsed,
 * and the scripts React Router adds later are modules of this origin, which 'self' allows.
 */
export const NonceContext = createContext<string | undefined>(undefined)

/** This answer's nonce for an inline script (docs/decisions/024-security-headers.md). */
export const useNonce = () => useContext(NonceContext)
