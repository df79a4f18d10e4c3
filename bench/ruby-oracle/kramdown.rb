# Drives kramdown (the tune corpus) over real Markdown: every converter, and HTML parsed back.
require 'kramdown'

inputs = ARGV.flat_map { |g| Dir.glob(g) }.sort
inputs.each do |path|
  text = File.read(path)
  doc = Kramdown::Document.new(text, auto_ids: true, toc_levels: '1..3', syntax_highlighter: nil)
  html = doc.to_html
  doc.to_kramdown
  doc.to_latex
  doc.to_man
  doc.to_remove_html_tags
  doc.to_hash_ast
  Kramdown::Document.new(html, input: 'html').to_kramdown
  Kramdown::Document.new(text, input: 'kramdown', parse_block_html: true, parse_span_html: true, smart_quotes: %w[lsquo rsquo ldquo rdquo]).to_html
end
warn "kramdown driver: #{inputs.size} documents"
