// The library finder's chain+ / deep+ modes (conditional-includes.ts, SCons' CConditionalScanner as PlatformIO's LDF
// calls it): #includes under conditionals the env's defines and the headers' #defines leave out build no library.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describePlatformioProject } from '../../adapters/platformio/detect-platformio.js';
import { evaluateCondition, namespaceOf } from '../../adapters/platformio/conditional-includes.js';
import { detectInputsHold, recordDetectInputs } from '../../adapters/shared/detect-inputs.js';
import { copyFixture, removeFixture } from './fixture-helper.js';

const INI = `[env]
platform = atmelavr
board = uno
framework = arduino
build_flags = -DNO_SCREEN=1

[env:plain]

[env:plus]
lib_ldf_mode = chain+

[env:plus_screen]
lib_ldf_mode = chain+
build_flags = -DNO_SCREEN=0

[env:deep_plus]
lib_ldf_mode = deep+
`;

const MAIN = `#include <Arduino.h>
#include "config.h"
#if !NO_SCREEN
#include <Display.h>
#endif
#if HAS_SENSOR
#include "Sensor.h"
#endif
#if !UNKNOWN_FLAG
#include <Forced.h>
#endif
#if !defined(UNKNOWN_FLAG) || UNKNOWN_FLAG == 0
#include <Bus.h>
#endif
#ifdef NO_SCREEN
#elif 1
#include <Unused.h>
#endif
void setup() {}
void loop() {}
`;

/** The platformio-libraries fixture with its main.cpp's includes under conditionals, and envs in each mode. */
function conditionalFixture(): string {
  const root = copyFixture('platformio-libraries');
  fs.writeFileSync(path.join(root, 'platformio.ini'), INI);
  fs.writeFileSync(path.join(root, 'src', 'main.cpp'), MAIN);
  // A header's #define holds for the lines after its #include.
  fs.writeFileSync(path.join(root, 'src', 'config.h'), '#pragma once\n#define HAS_SENSOR 1\n');
  fs.writeFileSync(path.join(root, 'lib', 'Forced', 'src', 'Forced.h'), '#pragma once\nvoid forced_init();\n');
  return root;
}

describe('PlatformIO library finder, chain+ and deep+', () => {
  const root = conditionalFixture();
  afterAll(() => removeFixture(root));
  const r = describePlatformioProject(root, root, { env: {} });
  const libs = (env: string) => [...new Set(r.builds.find((b) => b.variant === env)!.units.map((u) => path.relative(root, u.file).split(path.sep).slice(0, 2).join('/')))].filter((d) => d.startsWith('lib/')).sort();

  it('chain reads every #include; chain+ only those its conditionals take, with the env\'s defines and the headers\' #defines', () => {
    expect(libs('plain')).toEqual(['lib/Bus', 'lib/Display', 'lib/Fonts', 'lib/Forced', 'lib/Sensor', 'lib/Unused']);
    // NO_SCREEN=1 leaves Display (and its Fonts) out; config.h's HAS_SENSOR takes Sensor; an unknown name fails the
    // #if where it is reached (Forced out), short-circuit keeps it from failing (Bus in); #ifdef NO_SCREEN's #elif is not taken.
    expect(libs('plus')).toEqual(['lib/Bus', 'lib/Sensor']);
    expect(libs('plus_screen')).toEqual(['lib/Bus', 'lib/Display', 'lib/Fonts', 'lib/Sensor']);
    expect(libs('deep_plus')).toEqual(['lib/Bus', 'lib/Sensor']);
  });

  it('with chain+, an edit of a conditional around an #include re-detects; an edit of the body does not', () => {
    const copy = conditionalFixture();
    try {
      fs.writeFileSync(path.join(copy, 'platformio.ini'), INI.replace(/\[env:plain\]\n/, ''));
      const checkedAt = Date.now();
      const { inputs } = recordDetectInputs(() => describePlatformioProject(copy, copy, { env: {} }));
      const main = path.join(copy, 'src', 'main.cpp');
      fs.appendFileSync(main, 'int extra() { return 1; }\n');
      expect(detectInputsHold(inputs, checkedAt).holds).toBe(true);
      fs.writeFileSync(main, fs.readFileSync(main, 'utf8').replace('#if !NO_SCREEN', '#if 1'));
      expect(detectInputsHold(inputs, checkedAt).holds).toBe(false);
    } finally {
      removeFixture(copy);
    }
  });
});

describe('PlatformIO LDF conditions, as SCons\' cpp.py evaluates them', () => {
  const ns = namespaceOf([['ONE', '1'], ['ZERO', '0'], ['BARE', undefined], ['TEXT', 'abc']]);

  it('reads -D values as ParseFlagsExtended stores them: digits a number, -DNAME none (false), other text true', () => {
    expect(evaluateCondition('ONE', ns)).toBe(true);
    expect(evaluateCondition('ZERO', ns)).toBe(false);
    expect(evaluateCondition('BARE', ns)).toBe(false);
    expect(evaluateCondition('defined(BARE) && defined ONE', ns)).toBe(true);
    expect(evaluateCondition('TEXT', ns)).toBe(true);
  });

  it('a name not defined fails the expression where it is reached, not before', () => {
    expect(evaluateCondition('!MISSING', ns)).toBe(false);
    expect(evaluateCondition('ONE || MISSING', ns)).toBe(true);
    expect(evaluateCondition('ZERO && MISSING', ns)).toBe(false);
    expect(evaluateCondition('!defined(MISSING) || MISSING > 2', ns)).toBe(true);
    expect(evaluateCondition('MISSING(1, 2) || ONE', ns)).toBe(false);
  });

  it('numbers Python reads (L and UL suffixes), others a syntax error (false)', () => {
    expect(evaluateCondition('ONE + 1UL == 2', ns)).toBe(true);
    expect(evaluateCondition('0x10 > 15', ns)).toBe(true);
    expect(evaluateCondition('1U', ns)).toBe(false);
    // Python cannot parse `__has_include(<x.h>)`: false even where short-circuit would not reach it.
    expect(evaluateCondition('ONE || __has_include(<x.h>)', ns)).toBe(false);
    expect(evaluateCondition('ONE || __has_include("x.h")', ns)).toBe(true);
  });
});

describe('PlatformIO library finder, an Arduino library listing depends', () => {
  it('reads as chain+ unless the env sets lib_ldf_mode (PlatformIO\'s Arduino-IDE behaviour)', () => {
    const root = copyFixture('platformio-libraries');
    try {
      fs.appendFileSync(path.join(root, 'lib', 'Sensor', 'library.properties'), 'depends=Bus\n');
      fs.appendFileSync(path.join(root, 'lib', 'Sensor', 'src', 'Sensor.h'), '#ifdef NEVER_DEFINED\n#include <Unused.h>\n#endif\n');
      fs.appendFileSync(path.join(root, 'platformio.ini'), '\n[env:chain]\nlib_ldf_mode = chain\n');
      const r = describePlatformioProject(root, root, { env: {} });
      const built = (env: string) => r.builds.find((b) => b.variant === env)!.units.some((u) => u.file.endsWith('Unused.cpp'));
      expect(built('uno')).toBe(false);
      expect(built('chain')).toBe(true);
    } finally {
      removeFixture(root);
    }
  });
});
