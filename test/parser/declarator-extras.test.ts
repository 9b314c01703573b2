// The GNU extras between a declarator and its initializer that the parse leaves out, and what it keeps.
import { describe, expect, it } from 'vitest';
import { declaratorExtras } from '../../src/parser/declarator-extras.js';

const spans = (text: string) => declaratorExtras(text).map(([a, b]) => text.slice(a, b));

describe('declaratorExtras', () => {
  it('finds asm labels and attributes before `=`, `;` or `,`, one or several in a row', () => {
    expect(spans('static uint8_t PendST __attribute__((section(".bss.os")));')).toEqual(['__attribute__((section(".bss.os")))']);
    expect(spans('int a __attribute__((unused)), b;\nextern int x __asm__ ("x_v2");')).toEqual(['__attribute__((unused))', '__asm__ ("x_v2")']);
    expect(spans('register uint32_t __r0 __asm("r""0") = (uint32_t)a1;')).toEqual(['__asm("r""0")']);
    expect(spans('volatile uint32_t tmpval __attribute__((unused)) = huart->DR;')).toEqual(['__attribute__((unused))']);
    expect(spans('int buf[4] __attribute__ ((aligned (8))) __asm__ ("b") = {0};')).toEqual(['__attribute__ ((aligned (8))) __asm__ ("b")']);
  });

  it('leaves asm statements, labels without an initializer, comparisons and other attributes', () => {
    expect(spans('__asm volatile ("svc 0" : "=r"(r0) : "r"(rf));')).toEqual([]);
    expect(spans('asm("nop"); x = 1;')).toEqual([]);
    expect(spans('int f(int) __asm__("f_v2");')).toEqual([]);
    expect(spans('void g(void) __attribute__((noreturn));\nif (y) x = 1; else asm("nop");')).toEqual([]);
    expect(spans('struct __attribute__((packed)) s { int a; };\ntypedef int __attribute__((aligned(8))) wide_t;')).toEqual([]);
    expect(spans('if (y __attribute__ == 2) {}')).toEqual([]);
    expect(spans('struct s { int a; } __attribute__((packed)) = {1};')).toEqual([]);
  });
});
