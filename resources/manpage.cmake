# Writes the man page of backprop-lab-cli (roff) from the program's own help texts, so that the
# page never disagrees with the program: the overview, then one section per command.
#   cmake -DCLI=path/to/backprop-lab-cli -DOUT=backprop-lab-cli.1 -DVERSION=x.y.z -P manpage.cmake

# roff: a backslash is written \e; a line starting with . or ' would be a request, so \& guards it.
function(roff_escape text out)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

execute_process(COMMAND ${CLI} --help OUTPUT_VARIABLE overview RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${CLI} --help failed (${rc})")
endif()

# The command names: the indented lines after "Commands:" up to the first empty line.
string(REGEX MATCH "Commands:\n(.*)\n\n" block "${overview}")
string(REGEX MATCHALL "\n  [a-z][a-z-]*" names "\n${CMAKE_MATCH_1}")
string(REGEX REPLACE "\n  " "" names "${names}")
list(LENGTH names count)
if(count EQUAL 0)
  message(FATAL_ERROR "no commands found in the output of ${CLI} --help")
endif()

# The date of the build (CMake takes SOURCE_DATE_EPOCH when set, for reproducible packages).
string(TIMESTAMP today "%Y-%m-%d" UTC)
roff_escape("${overview}" overview)
set(page ".TH BACKPROP-LAB-CLI 1 \"${today}\" \"Backprop Lab ${VERSION}\" \"User Commands\"
.SH NAME
backprop-lab-cli \\- train, evaluate and explain a 784-128-10 MNIST network from a shell
.SH SYNOPSIS
.B backprop-lab-cli
.I COMMAND
.RI [ options ]
.br
.B backprop-lab-cli
.BR --help \" | \" --version
.SH DESCRIPTION
.nf
${overview}
.fi
.SH COMMANDS
")
foreach(name IN LISTS names)
  execute_process(COMMAND ${CLI} ${name} --help OUTPUT_VARIABLE help RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${CLI} ${name} --help failed (${rc})")
  endif()
  roff_escape("${help}" help)
  string(APPEND page ".SS ${name}\n.nf\n${help}\n.fi\n")
endforeach()
string(APPEND page ".SH FILES
.TP
.I ~/.local/share/backprop-lab/
Downloaded data sets (mnist/), the offline sample (sample/) and snapshots.
.SH SEE ALSO
The desktop app, backprop-lab, takes the same --data, --dataset, --epochs, --batch, --seed and
--lr options.
")
file(WRITE ${OUT} "${page}")
