/**
 * V8 settings for the server process. main.ts imports this module first, so they hold before any other module runs.
 *
 * **No allocation-site pretenuring.** V8 watches where objects are made (an object literal in a function is one
 * site); when nearly all of a site's objects outlive a young-generation collection, it makes the site's later
 * objects in the old generation right away. For a server that decision is wrong and, once made, stays: `pg` makes
 * every row of every query at one site, so a few moments when rows live a little longer (an export, start-up, a
 * burst of slow queries) send every later row — and, through it, its strings and dates — to the old generation,
 * where a list page's rows then die. Measured on a bookings page at ten connections on PostgreSQL: each young
 * collection took 30 ms instead of 1–5 and moved 5 MB of such rows up, and the server spent 1.41× the CPU of the
 * bench's bare server per answer instead of 1.20× (bench/README.md, 4 December 2026).
 */
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--no-allocation-site-pretenuring');
