# Runs dicer-bench --voxels both --scaling on two small volumes with every output (Markdown, CSV, JSON, the plot)
# and checks that they parse and hold the voxelized-scaling table: per volume, both outputs' read floor,
# voxelize, clear, and hp_compute (atlas) / hp_bits (bits) build, list, build + list and frame, every one ok
# (each list checked against the CPU reference of the read-back output, the bits' set equal to the atlas').
# Usage: cmake -DBENCH=<dicer-bench> -DOUT=<scratch dir> -P bench_voxel_scaling_outputs.cmake
cmake_minimum_required(VERSION 3.25)
file(REMOVE_RECURSE "${OUT}")
file(MAKE_DIRECTORY "${OUT}")
execute_process(
    COMMAND "${BENCH}" --voxels both --scaling --volumes 16,32 --reps 1 --csv "${OUT}/bench.csv"
            --json "${OUT}/bench.json" --plot "${OUT}/scaling.png"
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
string(JSON n LENGTH "${json}" measurements)
set(seen "")
math(EXPR last "${n} - 1")
foreach(i RANGE ${last})
    string(JSON ok GET "${json}" measurements ${i} ok)
    string(JSON table GET "${json}" measurements ${i} table)
    string(JSON method GET "${json}" measurements ${i} method)
    string(JSON stage GET "${json}" measurements ${i} stage)
    string(JSON input GET "${json}" measurements ${i} input)
    string(JSON median GET "${json}" measurements ${i} median_ms)
    string(JSON overRead GET "${json}" measurements ${i} over_read)
    if(NOT ok)
        message(FATAL_ERROR "measurement ${i} (${table} ${method} ${stage} ${input}) is not ok")
    endif()
    if(NOT table STREQUAL "voxel-scaling")
        message(FATAL_ERROR "measurement ${i}: table ${table}, only voxel-scaling expected")
    endif()
    if(NOT median MATCHES "^[0-9.e+-]+$" OR NOT overRead MATCHES "^[0-9.e+-]+$")
        message(FATAL_ERROR "measurement ${i}: median_ms '${median}' / over_read '${overRead}' not numbers")
    endif()
    list(APPEND seen "${input} ${method} ${stage}")
endforeach()
foreach(volume 16³ 32³)
    foreach(want "atlas read floor" "bits read floor" "compute → atlas voxelize" "compute → atlas clear"
            "compute → bits voxelize" "compute → bits clear" "hp_compute build" "hp_compute list"
            "hp_compute build + list" "hp_compute frame" "hp_bits build" "hp_bits list" "hp_bits build + list"
            "hp_bits frame")
        if(NOT "${volume} ${want}" IN_LIST seen)
            message(FATAL_ERROR "no measurement '${volume} ${want}' in the JSON")
        endif()
    endforeach()
endforeach()

# --- CSV -------------------------------------------------------------------------------------------------------
file(STRINGS "${OUT}/bench.csv" rows ENCODING UTF-8)
list(LENGTH rows rowCount)
math(EXPR dataRows "${rowCount} - 1")
if(NOT dataRows EQUAL n)
    message(FATAL_ERROR "the CSV has ${dataRows} rows, the JSON ${n} measurements")
endif()
foreach(row IN LISTS rows)
    string(REGEX REPLACE "\"[^\"]*\"" "Q" flat "${row}") # quoted fields (renderer) may hold commas
    string(REPLACE "," ";" fields "${flat}")
    list(LENGTH fields count)
    if(NOT count EQUAL 20)
        message(FATAL_ERROR "CSV row with ${count} fields: ${row}")
    endif()
endforeach()

# --- Markdown and PNG ------------------------------------------------------------------------------------------
file(READ "${OUT}/bench.md" md)
foreach(want "### Voxelized volumes: atlas vs bits" "| 32³ | bits | hp_bits |" "| 32³ | atlas | hp_compute |")
    string(FIND "${md}" "${want}" at)
    if(at LESS 0)
        message(FATAL_ERROR "the Markdown lacks '${want}'")
    endif()
endforeach()
file(READ "${OUT}/scaling.png" signature LIMIT 8 HEX)
if(NOT signature STREQUAL "89504e470d0a1a0a")
    message(FATAL_ERROR "scaling.png is not a PNG (${signature})")
endif()
message(STATUS "dicer-bench --voxels both --scaling outputs parse: ${n} measurements")
