// The oracle: pixelmatch itself, run by node on raw RGBA files. Reads one job a line on stdin,
// as JSON: {"version": "7.1.0" or "c6fee35", "width", "height", "expected", "actual" (paths of
// raw RGBA, 4 bytes a pixel), "options" (pixelmatch's), "diff" (optional: a path to write the
// output image to, raw RGBA)}; prints the count pixelmatch returns, one a line.
import fs from 'node:fs';
import readline from 'node:readline';
import yiq from './index-7.1.0.js';
import oklab from './index-c6fee35.js';

const versions = {'7.1.0': yiq, 'c6fee35': oklab};
const lines = readline.createInterface({input: process.stdin});
for await (const line of lines) {
    if (!line.trim()) continue;
    const job = JSON.parse(line);
    const expected = new Uint8Array(fs.readFileSync(job.expected));
    const actual = new Uint8Array(fs.readFileSync(job.actual));
    const output = job.diff ? new Uint8Array(expected.length) : null;
    const count = versions[job.version](expected, actual, output, job.width, job.height, job.options || {});
    if (job.diff) fs.writeFileSync(job.diff, output);
    console.log(count);
}
