// SPDX-License-Identifier: GPL-3.0-or-later
/* libFuzzer's entry point for a program with its own main (compiler-rt's FuzzerInterface.h):
 * SwiftPM gives an executable target a main of its own, so tote-fuzz starts libFuzzer here
 * rather than through libFuzzer's main. */
#pragma once

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver (int *argc, char ***argv, int (*callback) (const uint8_t *data, size_t size));
