#!/usr/bin/env node
'use strict';
const path = require('node:path');
const fs = require('node:fs');

const entry = path.join(__dirname, '..', 'dist', 'apps', 'cli', 'src', 'main.js');
if (!fs.existsSync(entry)) {
  console.error('lectern: not built yet; run `npm run build` (npm install does it) first');
  process.exit(1);
}
require(entry)
  .runCli(process.argv.slice(2))
  .then((code) => {
    if (code >= 0) process.exitCode = code;
  });
