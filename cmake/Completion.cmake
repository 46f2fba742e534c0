# Writes the shell completion scripts of boundcheck from the program itself
# (`boundcheck --completion bash|zsh`, generated from the command registry).
# Inputs: -DEXE=<boundcheck> -DOUT_BASH=<file> -DOUT_ZSH=<file>
foreach(_shell bash zsh)
  string(TOUPPER "${_shell}" _up)
  execute_process(COMMAND "${EXE}" --completion ${_shell} OUTPUT_FILE "${OUT_${_up}}.tmp" RESULT_VARIABLE _rc)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "boundcheck --completion ${_shell} failed (${_rc})")
  endif()
  file(RENAME "${OUT_${_up}}.tmp" "${OUT_${_up}}")
endforeach()
