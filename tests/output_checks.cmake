# Checks shared by the CMake test scripts that run a program and read what it wrote (bench_outputs.cmake,
# bench_voxel_scaling_outputs.cmake, demo_benchmark.cmake, plot_bench_script.cmake): each broken expectation is
# one FATAL_ERROR naming it. Included, never run on its own.

# The exit status `rc` must be `want`; `output` (what the program printed) goes into the message.
function(expect_exit_status rc want output)
    if(NOT rc EQUAL want)
        message(FATAL_ERROR "exit status ${rc}, expected ${want}:\n${output}")
    endif()
endfunction()

# `text` must match the regular expression `regex`; `what` says what is missing, `text` follows it.
function(expect_match text regex what)
    if(NOT text MATCHES "${regex}")
        message(FATAL_ERROR "${what}:\n${text}")
    endif()
endfunction()

# The file starts with the PNG signature.
function(expect_png path)
    file(READ "${path}" signature LIMIT 8 HEX)
    if(NOT signature STREQUAL "89504e470d0a1a0a")
        message(FATAL_ERROR "${path} is not a PNG (${signature})")
    endif()
endfunction()

# The fields of one CSV row as a list in `outVar`. Quoted fields (the renderer) may hold commas: each becomes
# "Q", so the count and the positions of the other fields stay right.
function(csv_fields row outVar)
    string(REGEX REPLACE "\"[^\"]*\"" "Q" flat "${row}")
    string(REPLACE "," ";" fields "${flat}")
    set(${outVar} "${fields}" PARENT_SCOPE)
endfunction()

# --- dicer-bench's outputs -------------------------------------------------------------------------------------

# Runs dicer-bench (BENCH) with the arguments given and every output into OUT: bench.md (its stdout),
# bench.csv, bench.json and scaling.png. A non-zero exit status fails.
function(run_bench_with_outputs)
    execute_process(COMMAND "${BENCH}" ${ARGN} --csv "${OUT}/bench.csv" --json "${OUT}/bench.json"
                            --plot "${OUT}/scaling.png"
                    RESULT_VARIABLE rc OUTPUT_FILE "${OUT}/bench.md" ERROR_VARIABLE err)
    expect_exit_status("${rc}" 0 "${err}")
endfunction()

# OUT/bench.json: all_checks_passed, and every measurement ok with numbers in median_ms and the NUMBERS
# fields. Sets `countVar` to the number of measurements and `keysVar` to one key per measurement: the values
# of its KEY fields joined by JOIN (the message of a measurement that is not ok names it by its key).
function(check_bench_json countVar keysVar)
    cmake_parse_arguments(PARSE_ARGV 2 arg "" "JOIN" "KEY;NUMBERS")
    file(READ "${OUT}/bench.json" json)
    string(JSON passed GET "${json}" all_checks_passed)
    if(NOT passed)
        message(FATAL_ERROR "all_checks_passed is ${passed}")
    endif()
    string(JSON n LENGTH "${json}" measurements)
    set(keys "")
    math(EXPR last "${n} - 1")
    foreach(i RANGE ${last})
        set(parts "")
        foreach(field IN LISTS arg_KEY)
            string(JSON value GET "${json}" measurements ${i} ${field})
            list(APPEND parts "${value}")
        endforeach()
        list(JOIN parts "${arg_JOIN}" key)
        string(JSON ok GET "${json}" measurements ${i} ok)
        if(NOT ok)
            message(FATAL_ERROR "measurement ${i} (${key}) is not ok")
        endif()
        foreach(field median_ms ${arg_NUMBERS})
            string(JSON value GET "${json}" measurements ${i} ${field})
            if(NOT value MATCHES "^[0-9.e+-]+$")
                message(FATAL_ERROR "measurement ${i} (${key}): ${field} '${value}' is not a number")
            endif()
        endforeach()
        list(APPEND keys "${key}")
    endforeach()
    set(${countVar} ${n} PARENT_SCOPE)
    set(${keysVar} "${keys}" PARENT_SCOPE)
endfunction()

# Every key after `keys` is one of them (check_bench_json's keys).
function(expect_measurements keys)
    foreach(want IN LISTS ARGN)
        if(NOT want IN_LIST keys)
            message(FATAL_ERROR "no measurement '${want}' in the JSON")
        endif()
    endforeach()
endfunction()

# OUT/bench.csv: a header (matching HEADER where given) and one row of 23 fields per JSON measurement (`count`)
# and per JSON "skipped" entry (a row with stage "skipped", the reason in check):
# ... copy_ms, over_copy, read_ms, over_read, read_bytes, gb_per_s, ns_per_voxel, ns_per_point, memory_bytes, check,
# ok, renderer.
function(check_bench_csv count)
    cmake_parse_arguments(PARSE_ARGV 1 arg "" "HEADER" "")
    file(READ "${OUT}/bench.json" json)
    string(JSON skipped LENGTH "${json}" skipped)
    file(STRINGS "${OUT}/bench.csv" rows ENCODING UTF-8)
    list(LENGTH rows rowCount)
    math(EXPR dataRows "${rowCount} - 1")
    math(EXPR want "${count} + ${skipped}")
    if(NOT dataRows EQUAL want)
        message(FATAL_ERROR "the CSV has ${dataRows} rows, the JSON ${count} measurements and ${skipped} skipped")
    endif()
    list(GET rows 0 header)
    if(arg_HEADER)
        expect_match("${header}" "${arg_HEADER}" "unexpected CSV header")
    endif()
    foreach(row IN LISTS rows)
        csv_fields("${row}" fields)
        list(LENGTH fields fieldCount)
        if(NOT fieldCount EQUAL 23)
            message(FATAL_ERROR "CSV row with ${fieldCount} fields: ${row}")
        endif()
    endforeach()
endfunction()
