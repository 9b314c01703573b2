#!/usr/bin/env node
console.log('fw-context');
