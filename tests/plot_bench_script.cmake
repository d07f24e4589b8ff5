# scripts/plot_bench.py, the plots of dicer-bench (matplotlib), on a small committed CSV of real dicer-bench rows
# (tests/data/bench_plot_small.csv: --scaling, --scaling --voxels atlas,bits, --sort and --mc --quick on llvmpipe): every kind writes
# its PNG(s), "skipped" rows (no numbers) are left out, the same CSV gives the same bytes, and every bad input is one line on stderr, exit status 1 and no
# PNG — a malformed CSV (missing column, a field that is not a number, a short row, not UTF-8, empty), no rows
# of the table, a missing file, an unwritable PNG, and a Python without matplotlib.
# Usage: cmake -DPYTHON=/usr/bin/python3 -DSCRIPT=<plot_bench.py> -DDATA=<tests/data> -DOUT=<scratch dir>
#        -P plot_bench_script.cmake
cmake_minimum_required(VERSION 3.25)
include("${CMAKE_CURRENT_LIST_DIR}/output_checks.cmake")
file(REMOVE_RECURSE "${OUT}")
file(MAKE_DIRECTORY "${OUT}")
set(small "${DATA}/bench_plot_small.csv")

function(expect_plot_png path)
    expect_png("${path}")
    # IHDR: width and height, big-endian, at bytes 16..23. A figure of 9 x 5 in at 100 dpi, cropped to its content.
    file(READ "${path}" ihdr OFFSET 16 LIMIT 8 HEX)
    string(SUBSTRING "${ihdr}" 0 8 w)
    string(SUBSTRING "${ihdr}" 8 8 h)
    math(EXPR w "0x${w}")
    math(EXPR h "0x${h}")
    if(w LESS 600 OR h LESS 300 OR w GREATER 2000 OR h GREATER 1000)
        message(FATAL_ERROR "${path}: ${w}x${h} pixels, not a plot of about 900x500")
    endif()
endfunction()

# --- every kind writes its plot(s) -----------------------------------------------------------------------------
foreach(kind scaling voxel-scaling sort mc)
    execute_process(COMMAND "${PYTHON}" "${SCRIPT}" ${kind} "${small}" "${OUT}/${kind}.png"
                    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
    expect_exit_status("${rc}" 0 "${err}")
    expect_match("${out}" "plot: ${OUT}/${kind}.png" "plot_bench.py ${kind} did not name its plot")
    expect_plot_png("${OUT}/${kind}.png")
endforeach()
expect_plot_png("${OUT}/sort-m.png") # --sort's second plot: ns per key against m

# --- "skipped" rows (no numbers: a volume an output cannot hold, a sort this driver lacks) are left out --------
file(READ "${small}" good)
file(WRITE "${OUT}/skipped.csv" "${good}voxel-scaling,atlas,skipped,\"4096³\",0,0,0,0,0,0,cpu-fenced,0,0,0,0,0,0,"
                                "\"preset '4096': ... GL_MAX_TEXTURE_SIZE 16384 ...\",1,\"llvmpipe\"\n"
                                "sort,gpu_radix,skipped,\"all\",0,0,0,0,0,0,cpu-fenced,0,0,0,0,0,0,"
                                "\"not available on this driver\",1,\"llvmpipe\"\n")
foreach(kind voxel-scaling sort)
    execute_process(COMMAND "${PYTHON}" "${SCRIPT}" ${kind} "${OUT}/skipped.csv" "${OUT}/skipped-${kind}.png"
                    RESULT_VARIABLE rc ERROR_VARIABLE err)
    expect_exit_status("${rc}" 0 "${err}")
    expect_plot_png("${OUT}/skipped-${kind}.png")
endforeach()

# --- the same CSV, the same bytes (the committed docs/bench plots can be redrawn and compared) -------------------
execute_process(COMMAND "${PYTHON}" "${SCRIPT}" scaling "${small}" "${OUT}/again.png" RESULT_VARIABLE rc)
file(SHA256 "${OUT}/scaling.png" first)
file(SHA256 "${OUT}/again.png" second)
if(NOT rc EQUAL 0 OR NOT first STREQUAL second)
    message(FATAL_ERROR "the same CSV drew different plots (exit ${rc})")
endif()

# --- bad inputs: one line naming the problem, exit status 1, no PNG ----------------------------------------------
file(READ "${small}" good)
string(REPLACE "median_ms" "median" noColumn "${good}")
file(WRITE "${OUT}/no_column.csv" "${noColumn}")
string(REGEX MATCH "^[^\n]*\n" header "${good}")
file(WRITE "${OUT}/not_number.csv" "${header}scaling,hp_compute,total,\"16³\",4096,100,abc,1,1,1,cpu-fenced,0,0,0,0,0,0,"
                                   "\"same set\",1,\"llvmpipe (LLVM 15.0.6, 256 bits)\"\n")
file(WRITE "${OUT}/short_row.csv" "${good}scaling,hp_compute,total,\"64³\",262144\n")
file(WRITE "${OUT}/empty.csv" "")
execute_process( # a byte that is not UTF-8 (CMake's file(WRITE) writes text)
    COMMAND "${PYTHON}" -c "open('${OUT}/latin1.csv','wb').write(b'table,method\\nscaling,caf\\xe9\\n')")
string(REGEX REPLACE "\n(sort|voxel-scaling|mc)[^\n]*" "" onlyScaling "${good}")
file(WRITE "${OUT}/only_scaling.csv" "${onlyScaling}")

# kind, CSV, PNG, the expected message (a regular expression), for the rows below
set(cases
    "scaling|${OUT}/no_column.csv|${OUT}/bad.png|has no column median_ms: not a dicer-bench --csv file"
    "scaling|${OUT}/not_number.csv|${OUT}/bad.png|not_number.csv:2: median_ms 'abc' is not a number"
    "sort|${OUT}/short_row.csv|${OUT}/bad.png|short_row.csv:[0-9]+: 5 fields, the header has 20"
    "sort|${OUT}/empty.csv|${OUT}/bad.png|empty.csv' is empty, not a dicer-bench CSV"
    "sort|${OUT}/latin1.csv|${OUT}/bad.png|latin1.csv' is not UTF-8 text"
    "sort|${OUT}/only_scaling.csv|${OUT}/bad.png|has no 'sort' rows to plot \\(dicer-bench --sort --csv\\)"
    "mc|${OUT}/only_scaling.csv|${OUT}/bad.png|has no 'mc' rows to plot \\(dicer-bench --mc --csv\\)"
    "scaling|${OUT}/nonexistent.csv|${OUT}/bad.png|cannot read CSV '.*nonexistent.csv': No such file or directory"
    "scaling|${small}|${OUT}/no_such_dir/bad.png|cannot write plot '.*no_such_dir/bad.png': No such file")
foreach(case IN LISTS cases)
    string(REPLACE "|" ";" fields "${case}")
    list(GET fields 0 kind)
    list(GET fields 1 csv)
    list(GET fields 2 png)
    list(GET fields 3 want)
    execute_process(COMMAND "${PYTHON}" "${SCRIPT}" ${kind} "${csv}" "${png}" RESULT_VARIABLE rc
                    OUTPUT_VARIABLE out ERROR_VARIABLE err)
    string(STRIP "${err}" err)
    if(NOT rc EQUAL 1 OR NOT err MATCHES "^plot_bench.py: [^\n]*${want}[^\n]*$" OR EXISTS "${png}")
        message(FATAL_ERROR "plot_bench.py ${kind} ${csv}: exit ${rc}, wanted 1 and one line matching "
                            "'${want}', got:\n${err}")
    endif()
endforeach()

# --- a Python without matplotlib (-S: no site packages, so no Debian dist-packages) ------------------------------
execute_process(COMMAND "${PYTHON}" -S "${SCRIPT}" scaling "${small}" "${OUT}/bad.png" RESULT_VARIABLE rc
                ERROR_VARIABLE err)
string(STRIP "${err}" err)
if(NOT rc EQUAL 1 OR NOT err MATCHES "^plot_bench.py: matplotlib is missing for [^\n]*install python3-matplotlib"
   OR EXISTS "${OUT}/bad.png")
    message(FATAL_ERROR "no matplotlib: exit ${rc}, wanted 1 and one clear line, got:\n${err}")
endif()
message(STATUS "plot_bench.py: 5 plots drawn, the same bytes twice, 10 bad inputs refused with one line each")
