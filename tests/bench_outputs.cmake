# Runs dicer-bench --quick with every output (CSV, JSON, the scaling plot) and checks that they parse and agree:
# the JSON with CMake's own parser (every measurement ok, every peer and variant present), the CSV row by row
# (16 fields, quoted fields may hold commas), the PNG by its signature.
# Usage: cmake -DBENCH=<dicer-bench> -DOUT=<scratch dir> -P bench_outputs.cmake
cmake_minimum_required(VERSION 3.25)
file(REMOVE_RECURSE "${OUT}")
file(MAKE_DIRECTORY "${OUT}")
execute_process(
    COMMAND "${BENCH}" --quick --scaling --volumes 16,32 --csv "${OUT}/bench.csv" --json "${OUT}/bench.json"
            --plot "${OUT}/scaling.png"
    RESULT_VARIABLE rc OUTPUT_FILE "${OUT}/bench.md" ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "dicer-bench exited with ${rc}:\n${err}")
endif()

# --- JSON ------------------------------------------------------------------------------------------------------
file(READ "${OUT}/bench.json" json)
string(JSON passed GET "${json}" all_checks_passed)
if(NOT passed)
    message(FATAL_ERROR "all_checks_passed is ${passed}")
endif()
string(JSON renderer GET "${json}" renderer)
string(JSON n LENGTH "${json}" measurements)
if(n LESS 20)
    message(FATAL_ERROR "only ${n} measurements")
endif()
set(methods "")
math(EXPR last "${n} - 1")
foreach(i RANGE ${last})
    string(JSON ok GET "${json}" measurements ${i} ok)
    string(JSON method GET "${json}" measurements ${i} method)
    string(JSON table GET "${json}" measurements ${i} table)
    string(JSON median GET "${json}" measurements ${i} median_ms)
    if(NOT ok)
        message(FATAL_ERROR "measurement ${i} (${table} ${method}) is not ok")
    endif()
    if(NOT median MATCHES "^[0-9.e+-]+$")
        message(FATAL_ERROR "measurement ${i}: median_ms '${median}' is not a number")
    endif()
    list(APPEND methods "${table}:${method}")
endforeach()
foreach(want peers:hp_compute peers:horn_scan peers:atomic_append peers:cpu_linewise peers:cpu_threaded
        "hp:dicer_single uint32 compute" "hp:dicer_vec4 uint32 compute" "hp:dicer_rect uint32 compute"
        "hp:dicer_bil float32 compute" hp:hp_compute cpu:cpu scaling:hp_compute scaling:horn_scan
        voxelize:projected voxelize:binned voxelize:instanced voxelize:per-slice)
    if(NOT want IN_LIST methods)
        message(FATAL_ERROR "no measurement of ${want} in the JSON")
    endif()
endforeach()

# --- CSV -------------------------------------------------------------------------------------------------------
file(STRINGS "${OUT}/bench.csv" rows ENCODING UTF-8)
list(LENGTH rows rowCount)
math(EXPR dataRows "${rowCount} - 1")
if(NOT dataRows EQUAL n)
    message(FATAL_ERROR "the CSV has ${dataRows} rows, the JSON ${n} measurements")
endif()
list(GET rows 0 header)
if(NOT header MATCHES "^table,method,stage,input,cells,active_cells,median_ms,")
    message(FATAL_ERROR "unexpected CSV header: ${header}")
endif()
foreach(row IN LISTS rows)
    string(REGEX REPLACE "\"[^\"]*\"" "Q" flat "${row}") # quoted fields (renderer) may hold commas
    string(REPLACE "," ";" fields "${flat}")
    list(LENGTH fields count)
    if(NOT count EQUAL 20) # ... copy_ms, over_copy, read_ms, over_read, read_bytes, gb_per_s, check, ok, renderer
        message(FATAL_ERROR "CSV row with ${count} fields: ${row}")
    endif()
endforeach()

# --- PNG -------------------------------------------------------------------------------------------------------
file(READ "${OUT}/scaling.png" signature LIMIT 8 HEX)
if(NOT signature STREQUAL "89504e470d0a1a0a")
    message(FATAL_ERROR "scaling.png is not a PNG (${signature})")
endif()
message(STATUS "dicer-bench outputs parse: ${n} measurements on ${renderer}")
