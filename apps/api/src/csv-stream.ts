import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { stringify, type Options } from 'csv-stringify'

/**
 * A CSV download streamed from `rows` (the orders' export, issue 30; the products', issue 43): the
 * first row is read before anything is sent, so a failure there rejects and is the request's error,
 * answered as plain JSON rather than in a reply already labelled text/csv (issue 38). A later failed
 * read destroys the stream with its error: the reply ends the download short and logs it, and
 * nothing is left to handle here.
 */
export async function csvStream<T>(rows: AsyncGenerator<T>, options: Options): Promise<Readable> {
  const first = await rows.next()
  async function* all() {
    if (first.done) return
    yield first.value
    yield* rows
  }
  const csv = stringify(options)
  pipeline(Readable.from(all()), csv).catch(() => undefined)
  return csv
}
