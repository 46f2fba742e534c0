# BOUNDCHECK_SANITIZE=ON builds everything with AddressSanitizer + UndefinedBehaviorSanitizer.
# BOUNDCHECK_FUZZ=ON (clang) implies it and adds libFuzzer's coverage instrumentation to every
# object, so one build (scripts/configure-sanitize.sh: build/sanitize) serves the sanitizer test
# suite and the fuzz targets alike; only the fuzz_* executables link the libFuzzer driver.
if(BOUNDCHECK_SANITIZE OR BOUNDCHECK_FUZZ)
  # -O1 -g1: fast to compile, fast enough to run, line numbers in reports
  add_compile_options(-O1 -g1 -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
  if(BOUNDCHECK_FUZZ)
    add_compile_options(-fsanitize=fuzzer-no-link)
  endif()
endif()
