# The dynamic oracle of Ruby's call graph (bench/ruby-callgraph-diff.ts): runs a driver script over a corpus with a
# TracePoint on method calls and Coverage on lines, and writes what ran:
#   C <site file> <site line> <callee file> <callee line> <method>   a call from a corpus line to a corpus method
#   L <file> <line>                                                   a corpus line that ran
# Files are relative to the corpus root. A Ruby method's callee line is its `def` line; an attribute's (a C method
# made by attr_accessor) the line of its attr_* call. Usage: ruby trace.rb <corpus root> <out.tsv> <driver.rb> [args]
require 'coverage'

root = File.expand_path(ARGV.shift) + '/'
out = ARGV.shift
driver = File.expand_path(ARGV.shift)
Coverage.start(lines: true)
$LOAD_PATH.unshift(File.join(root, 'lib'))

calls = Hash.new(0)
in_root = ->(p) { p && p.start_with?(root) }
tp = TracePoint.new(:call, :c_call) do |t|
  if t.event == :call
    next unless in_root.(t.path)
    site = caller_locations(2, 1)&.first
    next unless site && in_root.(site.absolute_path || site.path)
    calls[[site.absolute_path || site.path, site.lineno, t.path, t.lineno, t.method_id]] += 1
  else
    loc = begin
      t.defined_class.instance_method(t.method_id).source_location
    rescue StandardError
      nil
    end
    next unless loc && in_root.(loc[0])
    site = caller_locations(1, 1)&.first
    next unless site && in_root.(site.absolute_path || site.path)
    calls[[site.absolute_path || site.path, site.lineno, loc[0], loc[1], t.method_id]] += 1
  end
end

at_exit do
  tp.disable
  cov = Coverage.result
  rel = ->(p) { p.delete_prefix(root) }
  File.open(out, 'w') do |f|
    calls.keys.sort_by { |k| k.map(&:to_s) }.each { |s, sl, c, cl, m| f.puts ['C', rel.(s), sl, rel.(c), cl, m].join("\t") }
    cov.keys.sort.each do |file|
      next unless in_root.(file)
      lines = cov[file].is_a?(Hash) ? cov[file][:lines] : cov[file]
      lines.each_with_index { |n, i| f.puts ['L', rel.(file), i + 1].join("\t") if n && n > 0 }
    end
  end
end

tp.enable
load driver
