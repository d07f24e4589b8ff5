# Runs dicer-bench --quick with every output (CSV, JSON), then --quick --scaling (its plot), and checks that they
# parse and agree: the JSON with CMake's own parser (every measurement ok, every peer and variant present), the CSV
# row by row (20 fields, quoted fields may hold commas), the PNG by its signature.
# Usage: cmake -DBENCH=<dicer-bench> -DOUT=<scratch dir> -P bench_outputs.cmake
cmake_minimum_required(VERSION 3.25)
include("${CMAKE_CURRENT_LIST_DIR}/output_checks.cmake")
file(REMOVE_RECURSE "${OUT}")
file(MAKE_DIRECTORY "${OUT}")
run_bench_with_outputs(--quick --scaling --preset 16,32)
check_bench_json(scaled scalingMethods KEY table method JOIN ":")
expect_measurements("${scalingMethods}" scaling:hp_compute scaling:horn_scan)
expect_png("${OUT}/scaling.png")
run_bench_with_outputs(--quick)

# --- JSON ------------------------------------------------------------------------------------------------------
check_bench_json(n methods KEY table method JOIN ":")
if(n LESS 20)
    message(FATAL_ERROR "only ${n} measurements")
endif()
expect_measurements("${methods}" peers:hp_compute peers:horn_scan peers:atomic_append peers:cpu_linewise
                    peers:cpu_threaded "hp:dicer_single uint32 compute" "hp:dicer_vec4 uint32 compute"
                    "hp:dicer_rect uint32 compute" "hp:dicer_bil float32 compute" hp:hp_compute cpu:cpu
                    voxelize:projected voxelize:binned voxelize:instanced voxelize:per-slice)

# --- CSV and PNG -----------------------------------------------------------------------------------------------
check_bench_csv(${n} HEADER "^table,method,stage,input,cells,active_cells,median_ms,")
file(READ "${OUT}/bench.json" json)
string(JSON renderer GET "${json}" renderer)
message(STATUS "dicer-bench outputs parse: ${n} measurements on ${renderer}")
