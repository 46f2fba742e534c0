# BOUNDCHECK_SANITIZE=ON builds everything with AddressSanitizer + UndefinedBehaviorSanitizer.
# The test command (scripts/bootstrap.sh test) builds and runs the suite in this configuration too.
if(BOUNDCHECK_SANITIZE)
  # -O1 -g1: fast to compile, fast enough to run, line numbers in reports
  add_compile_options(-O1 -g1 -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()
